"""SQLite with the append-only triggers (games.append_only): Django's backend, whose ``flush``
drops the triggers before it empties the tables; the post_migrate signal the flush sends after
makes them again."""
