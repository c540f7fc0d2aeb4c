"""Terminal play: one module per game, drawn with Rich."""
