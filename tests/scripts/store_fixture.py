"""A farm store made by a test: the coordinator's games table in a new SQLite file."""
import sqlite3


def write_store(path, games, game_class):
    """Writes `games`, (job id, serialized tumen.v1.Game) each, as pairs 0, 1, ... in colour 0,
    with each game's own result."""
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (job_id INTEGER NOT NULL, pair INTEGER NOT NULL, "
               "colour INTEGER NOT NULL, shard_id INTEGER NOT NULL, result INTEGER NOT NULL, "
               "game BLOB NOT NULL, PRIMARY KEY (job_id, pair, colour)) WITHOUT ROWID")
    for pair, (job, blob) in enumerate(games):
        result = game_class.FromString(blob).result
        db.execute("INSERT INTO games VALUES (?, ?, 0, 0, ?, ?)", (job, pair, result, blob))
    db.commit()
    db.close()
