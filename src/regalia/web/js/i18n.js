// The page's language. Every sentence a page shows goes through `t(english, ...args)`: the
// English text is the key (as in the server's gettext catalogues), `{0}`, `{1}`… are filled
// from args after translation, so a translation may reorder them. The catalogue comes from
// GET /api/i18n/{lang} (server errors and page sentences alike); a missing sentence shows in
// English rather than not at all.

const STORE_KEY = "regalia.lang";
let lang = "en";
let messages = {};

/** The translation of `text` in the page's language, with its `{n}` slots filled. */
export function t(text, ...args) {
  const chosen = messages[text] || text;
  return args.length ? chosen.replace(/\{(\d+)\}/g, (slot, i) => (i < args.length ? String(args[i]) : slot)) : chosen;
}

/** ngettext: the sentence for `count` in the page's language, `one` or `other` by the
 * language's plural rule (Intl.PluralRules), translated and filled like `t`. */
export function tn(count, one, other, ...args) {
  let form = count === 1 ? "one" : "other";
  try {
    form = new Intl.PluralRules(lang).select(count);
  } catch {
    // a browser without plural rules keeps English's
  }
  const chosen = form === "one" ? one : other;
  return t(chosen, ...args);
}

const fillSlots = (text, args) => text.replace(/\{(\d+)\}/g, (slot, i) => (i < args.length ? String(args[i]) : slot));

/** A sentence about values the catalogue knows in English (a seat's name, "White"): the
 * catalogue's whole sentence for those very values when it has one (where the language's
 * grammar needs the value's gender or number: "White wins" is "vitória das Brancas"),
 * otherwise the template's translation filled with `shown` (default: each value translated). */
export function phrase(text, english, shown = english.map((value) => t(String(value)))) {
  const whole = messages[fillSlots(text, english)];
  return whole || t(text, ...shown);
}

/** A sentence the server wrote in English (a result's reason, say) in the page's language:
 * the catalogue's exact sentence, or the template it was made from with its values kept
 * (a value the catalogue knows, such as a seat's name, translated too). */
export function translated(text) {
  if (typeof text !== "string" || !text) return text;
  if (messages[text]) return messages[text];
  for (const [pattern, translation] of templates()) {
    const match = pattern.exec(text);
    if (match) return translation.replace(/\{(\d+)\}/g, (slot, i) => (match[Number(i) + 1] === undefined ? slot : t(match[Number(i) + 1])));
  }
  return text;
}

let compiled = null;
function templates() {
  if (!compiled) {
    const escape = (part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Only templates with words of their own: "{0} and {1}" or "{0} bot" would match anything.
    const letters = (key) => key.replace(/\{\d+\}/g, "").replace(/[^\p{L}]/gu, "").length;
    compiled = Object.keys(messages)
      .filter((key) => /\{\d+\}/.test(key) && letters(key) >= 6)
      .sort((a, b) => b.length - a.length) // the most specific template wins
      .map((key) => {
        const parts = key.split(/\{(\d+)\}/);
        const order = parts.filter((_, i) => i % 2 === 1).map(Number);
        const source = parts.map((part, i) => (i % 2 === 0 ? escape(part) : "(.+?)")).join("");
        // Slots may come in any order in the English: put the values back by their number.
        const translation = messages[key].replace(/\{(\d+)\}/g, (slot, n) => `{${order.indexOf(Number(n))}}`);
        return [new RegExp(`^${source}$`, "s"), translation];
      });
  }
  return compiled;
}

/** "Ana, Bruno and Caio": a list in the page's language. */
export function listText(items) {
  if (items.length < 2) return items.join("");
  return t("{0} and {1}", items.slice(0, -1).join(", "), items[items.length - 1]);
}

/** A page of ours (a rules page, "rules/name.html") in the page's language: beside each
 * English page `name.html` stands its translation `name.{lang}.html`. */
export function pageIn(url) {
  if (!url || lang === "en" || !/\.html(#.*)?$/.test(url)) return url;
  return url.replace(/\.html(#.*)?$/, (_, hash) => `.${lang}.html${hash || ""}`);
}

/** The language the page speaks (a tag such as "en" or "pt-BR"). */
export function language() {
  return lang;
}

/** The language the player chose on this device, or null to follow the browser. */
export function chosenLanguage() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

/** Remember a language for this device (null: follow the browser again). */
export function chooseLanguage(tag) {
  try {
    if (tag) localStorage.setItem(STORE_KEY, tag);
    else localStorage.removeItem(STORE_KEY);
  } catch {
    // a browser without storage keeps the choice for this page only
  }
}

/** The first of `wanted` (the player's choice, then the browser's languages) that the server
 * speaks: an exact tag first, then the same language ("pt" for "pt-PT"). */
export function pickLanguage(wanted, offered) {
  const lower = offered.map((tag) => tag.toLowerCase());
  for (const tag of wanted.filter(Boolean)) {
    const exact = lower.indexOf(tag.toLowerCase());
    if (exact >= 0) return offered[exact];
    const base = tag.toLowerCase().split("-")[0];
    const same = lower.findIndex((o) => o.split("-")[0] === base);
    if (same >= 0) return offered[same];
  }
  return offered[0] || "en";
}

/** Load the catalogue of the page's language before anything is drawn. A server that cannot
 * be reached leaves the page in English (the lobby then says why). `fixed`: a page written in
 * one language (a rules page) asks for that one. */
export async function loadLanguage(fixed = null) {
  try {
    const offered = await (await fetch("/api/i18n")).json();
    const wanted = fixed ? [fixed] : [chosenLanguage(), ...(navigator.languages || [navigator.language])];
    lang = pickLanguage(wanted, offered.languages || ["en"]);
    if (lang !== (offered.source || "en")) {
      const catalogue = await (await fetch(`/api/i18n/${encodeURIComponent(lang)}`)).json();
      messages = catalogue.messages || {};
      compiled = null;
    }
  } catch {
    lang = "en";
    messages = {};
  }
  document.documentElement.lang = lang;
  return lang;
}
