"""Terminal play of every game: one loop (`loop`), and each game's own drawing of a view."""
