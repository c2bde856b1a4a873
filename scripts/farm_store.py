"""The games of a farm store (the coordinator's SQLite file, FARM_DATA/tumen.db) in Python.

Shared by the analysis scripts (endings.py, clock_use.py). Needs Debian's /usr/bin/python3 with
python3-protobuf, which scripts/setup.sh installs, and protoc.
"""
import atexit
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile


def game_message_class(source_dir):
    """tumen.v1.Game for Python, compiled from proto/ by protoc into a temporary folder."""
    out = tempfile.mkdtemp(prefix="tumen-games-")
    atexit.register(shutil.rmtree, out, ignore_errors=True)
    subprocess.run(["protoc", "-I", os.path.join(source_dir, "proto"), f"--python_out={out}",
                    "tumen/v1/game.proto"], check=True)
    sys.path.insert(0, out)
    from tumen.v1 import game_pb2
    return game_pb2.Game


def read_games(store, job, game_class, tool):
    """The store's games (all, or one job's) as game_class messages; exits with a message that
    names `tool` where the file is not a farm store."""
    if not os.path.isfile(store):
        sys.exit(f"{tool}: {store}: no such file (give a farm store, FARM_DATA/tumen.db)")
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        query, args = "SELECT game FROM games", ()
        if job is not None:
            query, args = query + " WHERE job_id = ?", (job,)
        rows = db.execute(query, args).fetchall()
    except sqlite3.Error as e:
        sys.exit(f"{tool}: {store}: {e} (give a farm store, FARM_DATA/tumen.db)")
    finally:
        db.close()
    return [game_class.FromString(blob) for (blob,) in rows]
