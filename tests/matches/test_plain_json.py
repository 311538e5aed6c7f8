"""``plain``: engine output as the JSON a report stores - exactly what a JSON round trip
gives, whatever the value holds (plain values are copied without one)."""

from __future__ import annotations

import dataclasses
import enum
import json

from hypothesis import given
from hypothesis import strategies as st

from matches.services.sequence_json import plain
from matches.services.snapshots import _default
from rules_engine.shared import SharedDict, SharedList


class Colour(enum.StrEnum):
    RED = "red"


class Size(enum.IntEnum):
    BIG = 3


class Side(str, enum.Enum):  # noqa: UP042 - str() is "Side.HOME", its JSON the value
    HOME = "home"


class Name(str):  # a rule's name (rules_engine's RuleName)
    pass


@dataclasses.dataclass(frozen=True)
class Roll:
    die: str
    result: tuple[int, ...]


class Frozen(dict):  # a dict subclass, as an engine's read-only mapping
    pass


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from([Colour.RED, Size.BIG, Side.HOME, Name("Block"), frozenset({"b", "a"})]),
    st.builds(Roll, st.sampled_from(["d6", "2d6"]), st.tuples(st.integers(1, 6))),
)
keys = st.one_of(st.text(max_size=4), st.integers(-3, 3), st.booleans(), st.none())
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(keys, inner, max_size=4),
        st.dictionaries(st.text(max_size=3), inner, max_size=3).map(Frozen),
        st.dictionaries(st.text(max_size=3), inner, max_size=3).map(SharedDict),
        st.lists(inner, max_size=3).map(SharedList),
    ),
    max_leaves=20,
)


def json_types_only(value) -> bool:
    """Whether the value is made of JSON's own types, no subclass (a shared row would
    refuse the changes a stored result may later need)."""
    kind = type(value)
    if kind is dict:
        return all(type(k) is str and json_types_only(v) for k, v in value.items())
    if kind is list:
        return all(json_types_only(item) for item in value)
    return kind in (str, int, float, bool, type(None))


@given(values)
def test_plain_is_a_json_round_trip(value):
    copied = plain(value)
    assert copied == json.loads(json.dumps(value, default=_default))
    assert json_types_only(copied)


def test_a_plain_value_is_copied_not_shared():
    value = {"spp": [1, 2], "mvp": {"player": 7}}
    copied = plain(value)
    assert copied == value and copied["spp"] is not value["spp"]
    assert plain((1, ("a",))) == [1, ["a"]]
