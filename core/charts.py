"""Line charts drawn by the server as SVG: the geometry only.

The site's CSP (``script-src 'self'``, ``style-src 'self'``) rules out a charting script
and inline styles, so a chart is plain SVG written by a template
(``templates/charts/line.html``) from the numbers worked out here: the scales, the
ticks with their labels, and each series' polyline points (a gap where a value is
missing). Colours and fonts come from ``config/static/dugout/charts.css`` by class.

Pure Python: the callers hand over values they have read (stored per match or
summed by the database) and get a ``LineChart`` back; nothing here reads the
database or knows what the values mean. The drawing is ``WIDTH`` x ``HEIGHT`` user
units, scaled to the page's width by its viewBox, so a phone (390 px) draws it at
about one unit per pixel.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

WIDTH = 400
HEIGHT = 220
LEFT, RIGHT, TOP, BOTTOM = 50, 12, 12, 30
# At most this many labels on the x axis (the last always among them).
X_LABELS = 8
# A series beyond the palette's colours is drawn dashed (charts.css).
PALETTE = 8


@dataclass(frozen=True)
class Tick:
    at: float  # the position on its axis, in user units
    label: str


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: int
    text: str  # "<series> after <x label>: <value>", the marker's tooltip


@dataclass(frozen=True)
class Line:
    name: str
    css: str  # "s0".."s7", with " dashed" past the palette
    segments: tuple[str, ...]  # polyline "x,y x,y" strings, split at missing values
    points: tuple[Point, ...]
    last: str  # the last value shown, written (the legend's figure; "" if none)


@dataclass(frozen=True)
class TableRow:
    label: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class LineChart:
    """Everything ``templates/charts/line.html`` draws."""

    slug: str  # unique on its page: the ids of <title> and <desc>
    title: str
    description: str
    x_name: str
    y_name: str
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    rows: tuple[TableRow, ...]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def empty(self) -> bool:
        return not any(line.points for line in self.lines)


def nice_step(span: float, count: int = 4) -> int:
    """A round whole step (1, 2, 2.5 or 5 times a power of ten) cutting ``span`` into
    at most ``count`` parts."""
    if span <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    steps = [factor * power for factor in (1, 2, 2.5, 5, 10)]
    return max(1, int(next(s for s in steps if s >= raw and s == int(s))))


def y_range(values: Sequence[int], *, from_zero: bool = True) -> tuple[int, int, int]:
    """(low, high, step) of the y axis: whole steps from the step at or below the
    lowest value (or zero, ``from_zero``, unless a value is negative) to the step at
    or above the highest."""
    low = min([0, *values] if from_zero or not values else values)
    high = max([0, *values] if from_zero or not values else values)
    step = nice_step(high - low) if high > low else nice_step(abs(high) / 10)
    low = math.floor(low / step) * step
    high = max(low + step, math.ceil(high / step) * step)
    return low, high, step


def _x_positions(count: int) -> list[float]:
    if count <= 1:
        return [(LEFT + WIDTH - RIGHT) / 2] * count
    span = WIDTH - RIGHT - LEFT
    return [round(LEFT + span * n / (count - 1), 1) for n in range(count)]


def _x_ticks(labels: Sequence[str], xs: Sequence[float]) -> tuple[Tick, ...]:
    if not labels:
        return ()
    every = max(1, math.ceil(len(labels) / X_LABELS))
    last = len(labels) - 1
    shown = list(range(0, last, every))
    # The last label is always shown: it replaces the regular one just before it if
    # the two would touch.
    if shown and last - shown[-1] < every / 2:
        shown.pop()
    return tuple(Tick(xs[n], labels[n]) for n in [*shown, last])


def _lines(
    series: Sequence[tuple[str, Sequence[int | None]]],
    x_labels: Sequence[tuple[str, str]],
    to_y: Callable[[int], float],
    y_format: Callable[[int], str],
) -> tuple[Line, ...]:
    """Each series' points and polyline segments (a gap at each missing value)."""
    xs = _x_positions(len(x_labels))
    lines = []
    for n, (name, values) in enumerate(series):
        points: list[Point] = []
        segments: list[str] = []
        run: list[str] = []
        for (_, long), x, value in zip(x_labels, xs, values, strict=True):
            if value is None:
                segments += [" ".join(run)] if run else []
                run = []
                continue
            point = Point(x, to_y(value), value, f"{name}, {long}: {y_format(value)}")
            points.append(point)
            run.append(f"{point.x:g},{point.y:g}")
        segments += [" ".join(run)] if run else []
        css = f"s{n % PALETTE}" + (" dashed" if n >= PALETTE else "")
        last = y_format(points[-1].value) if points else ""
        lines.append(Line(name, css, tuple(segments), tuple(points), last))
    return tuple(lines)


def line_chart(
    *,
    slug: str,
    title: str,
    description: str,
    x_name: str,
    y_name: str,
    x_labels: Sequence[tuple[str, str]],
    series: Sequence[tuple[str, Sequence[int | None]]],
    y_format: Callable[[int], str] = str,
    from_zero: bool = True,
) -> LineChart:
    """A chart of ``series`` (name, one value or None per x) over ``x_labels`` (the
    axis's short label and the table's long one, per x). Values are integers (points,
    SPP, gold pieces); ``y_format`` writes them on the axis, the markers and the table.
    The y axis starts at zero unless ``from_zero`` is False (then it fits the values)."""
    shown = [v for _, values in series for v in values if v is not None]
    low, high, step = y_range(shown, from_zero=from_zero)
    bottom, top = HEIGHT - BOTTOM, TOP

    def to_y(value: int) -> float:
        return round(bottom - (value - low) * (bottom - top) / (high - low), 1)

    def cell(value: int | None) -> str:
        return "—" if value is None else y_format(value)

    rows = tuple(
        TableRow(long, tuple(cell(values[n]) for _, values in series))
        for n, (_, long) in enumerate(x_labels)
    )
    return LineChart(
        slug=slug,
        title=title,
        description=description,
        x_name=x_name,
        y_name=y_name,
        lines=_lines(series, x_labels, to_y, y_format),
        x_ticks=_x_ticks([short for short, _ in x_labels], _x_positions(len(x_labels))),
        y_ticks=tuple(Tick(to_y(v), y_format(v)) for v in range(low, high + 1, step)),
        rows=rows,
    )


def thousands(value: int) -> str:
    """Gold on an axis: 1050000 -> "1,050k", 2500 -> "2.5k", 0 -> "0"."""
    if value % 1000 == 0:
        return f"{value // 1000:,}k" if value else "0"
    return f"{value / 1000:,.1f}k"
