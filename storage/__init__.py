"""SQLite storage: games, seats, the append-only action log."""
