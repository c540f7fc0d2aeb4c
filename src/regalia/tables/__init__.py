"""Tables: games in progress with seats, bots, an event log and persistence."""
