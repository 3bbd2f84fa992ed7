"""The PC's library of synced games: the SQLite database, the roster, replays, exports and
reports."""
