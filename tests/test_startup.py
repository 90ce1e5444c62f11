# No `from __future__ import annotations` here: the classes below check that the cached code is
# compiled as dataclasses.py compiles it (their __init__'s annotations stay objects, not strings).
"""The start's preparations (tui/startup.py): the code dataclasses writes, kept between starts."""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui import startup

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A code cache in a fresh folder, installed for the test and removed after it."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    startup.forget_generated_code()
    yield lambda: startup.keep_generated_code(tmp_path)
    startup.forget_generated_code()


def make_point():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple = ()

    return Point


def behaviour(cls):
    p = cls(1, 2, ("a",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5
    return (
        repr(p),
        p == cls(1, 2, ("a",)),
        p != cls(1, 3),
        hash(p) == hash(cls(1, 2, ("a",))),
        dataclasses.replace(p, y=9),
        cls.__init__.__annotations__,
    )


def test_a_first_start_compiles_and_keeps_the_code_the_next_reads(kept, tmp_path):
    cache = kept()
    Point = make_point()
    assert cache.added > 0  # compiled now
    cache.save()
    stored = tmp_path / startup.CACHE_FILE
    assert stored.is_file()

    plain = behaviour(Point)
    startup.forget_generated_code()
    warm = kept()
    assert set(warm.code) == set(cache.code)
    again = make_point()
    assert warm.added == 0  # every method came from the file
    assert [repr(x) for x in behaviour(again)] == [repr(x) for x in plain]
    # compiled as dataclasses.py compiles it: annotations are the types, not strings
    assert again.__init__.__annotations__ == {"x": int, "y": int, "tags": tuple, "return": None}


def test_classes_behave_the_same_with_and_without_the_cache(kept):
    without = behaviour(make_point())
    kept()
    with_cache = behaviour(make_point())
    assert [repr(x) for x in with_cache] == [repr(x) for x in without]


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00garbage", b"\xfb" * 40, b"not a dict"],
    ids=["empty", "garbage", "bad marshal", "text"],
)
def test_a_damaged_cache_file_only_means_compiling_again(kept, tmp_path, content):
    (tmp_path / startup.CACHE_FILE).write_bytes(content)
    cache = kept()
    assert cache.code == {}
    assert behaviour(make_point())[0].endswith("Point(x=1, y=2, tags=('a',))")
    cache.save()  # and the file is good again
    assert startup.CodeCache(tmp_path / startup.CACHE_FILE).code.keys() == cache.code.keys()


def test_a_file_of_other_things_is_not_trusted(kept, tmp_path):
    import marshal

    (tmp_path / startup.CACHE_FILE).write_bytes(marshal.dumps({"def f(): pass": "not code"}))
    assert kept().code == {}


def test_nothing_is_written_where_python_is_told_not_to_write_bytecode(kept, tmp_path, monkeypatch):
    cache = kept()
    make_point()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cache.save()
    assert not (tmp_path / startup.CACHE_FILE).exists()


def test_a_folder_that_cannot_be_written_is_no_failure(kept, tmp_path):
    (tmp_path / "blocked").write_text("a file where the folder would be")
    startup.forget_generated_code()
    cache = startup.keep_generated_code(tmp_path / "blocked" / "inside")
    make_point()
    cache.save()  # silently nothing
    assert list(tmp_path.iterdir()) == [tmp_path / "blocked"]


def test_the_objective_command_keeps_its_compiled_code(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["OBJECTIVE_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "tui.launch", "--version"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("objective")
    cache = startup.CodeCache(tmp_path / startup.CACHE_FILE)
    assert len(cache.code) > 5  # the classes of the rules and the command line, at least
