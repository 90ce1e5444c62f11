"""Game records (msgpack), replay from the seed, and the atomic file store."""

from saves.record import (
    FORMAT_TAG,
    FORMAT_VERSION,
    GameRecord,
    SaveError,
    SeatInfo,
    decode,
    encode,
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
    "SaveEntry",
    "SaveError",
    "SaveStore",
    "SeatInfo",
    "decode",
    "default_save_dir",
    "encode",
    "new_record",
    "read_record",
    "replay",
    "replay_states",
    "state_digest",
    "write_atomic",
]
