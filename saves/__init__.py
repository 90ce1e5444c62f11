"""Game records (msgpack), replay from the seed, and the atomic file store."""

from saves.codec import FORMAT_TAG, FORMAT_VERSION, SaveHeader, decode, encode
from saves.record import (
    GameRecord,
    Replay,
    SaveError,
    SeatInfo,
    load_replay,
    new_record,
    replay,
    replay_states,
    state_digest,
)
from saves.store import SaveEntry, SaveStore, default_save_dir, read_record, write_atomic

__all__ = [
    "FORMAT_TAG",
    "FORMAT_VERSION",
    "GameRecord",
    "Replay",
    "SaveEntry",
    "SaveError",
    "SaveHeader",
    "SaveStore",
    "SeatInfo",
    "decode",
    "default_save_dir",
    "encode",
    "load_replay",
    "new_record",
    "read_record",
    "replay",
    "replay_states",
    "state_digest",
    "write_atomic",
]
