"""Languages: English (the source) and Brazilian Portuguese, from gettext catalogues.

Messages are written in English where they are raised, as whole sentences with their values
in them. The catalogue (`locales/pt_BR/LC_MESSAGES/messages.po`, gettext via Babel) holds
each sentence as a template, `{0}` … standing for the values; `translate` finds the template
a message was made from, takes the values back out and puts them into the translation. So
rules code stays free of translation calls, and one catalogue serves the server's errors and
the browser (which loads it as JSON).
"""

from __future__ import annotations

from regalia.i18n.catalog import LANGUAGES, Catalogue, catalogue, negotiate, translate

__all__ = ["LANGUAGES", "Catalogue", "catalogue", "negotiate", "translate"]
