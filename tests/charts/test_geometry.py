"""The chart builder (core/charts.py): round axis steps, gaps where a value is
missing, labels thinned on a long axis, and the figures table it hands the template."""

from __future__ import annotations

from core.charts import line_chart, nice_step, thousands, y_range


def test_axis_steps_are_round_and_cover_the_values():
    assert [nice_step(span) for span in (1, 4, 10, 11, 99, 140_000, 1_234_567)] == [
        1,
        1,
        5,
        5,
        25,
        50_000,
        500_000,
    ]
    assert y_range([3, 7]) == (0, 8, 2)
    # A negative value takes the axis below zero; a fitted axis starts near the values.
    assert y_range([-3, 7]) == (-5, 10, 5)
    assert y_range([950_000, 1_090_000], from_zero=False) == (950_000, 1_100_000, 50_000)
    assert y_range([1_000_000], from_zero=False) == (1_000_000, 1_025_000, 25_000)
    assert y_range([]) == (0, 1, 1)


def test_a_missing_value_breaks_the_line_and_the_table_says_so():
    chart = line_chart(
        slug="t",
        title="T",
        description="D",
        x_name="match",
        y_name="SPP",
        x_labels=[("1", "first"), ("2", "second"), ("3", "third")],
        series=[("A", [2, None, 8]), ("B", [1, 2, 3])],
    )
    # y: 0..8 in steps of 2 over 190 (bottom) to 12 (top): 22.25 units a point.
    # x: 50, 219, 388.
    [a, b] = chart.lines
    assert a.segments == ("50,145.5", "388,12")
    assert b.segments == ("50,167.8 219,145.5 388,123.2",)
    assert [p.text for p in a.points] == ["A, first: 2", "A, third: 8"]
    assert (a.last, b.last) == ("8", "3")
    assert [(row.label, row.cells) for row in chart.rows] == [
        ("first", ("2", "1")),
        ("second", ("—", "2")),
        ("third", ("8", "3")),
    ]
    assert [t.label for t in chart.y_ticks] == ["0", "2", "4", "6", "8"]


def test_a_long_axis_shows_at_most_eight_labels_and_always_the_last():
    labels = [(str(n), f"match {n}") for n in range(1, 38)]
    chart = line_chart(
        slug="t",
        title="T",
        description="D",
        x_name="match",
        y_name="SPP",
        x_labels=labels,
        series=[("A", list(range(37)))],
    )
    assert [t.label for t in chart.x_ticks] == ["1", "6", "11", "16", "21", "26", "31", "37"]
    assert len(chart.rows) == 37


def test_past_eight_series_the_lines_are_dashed():
    chart = line_chart(
        slug="t",
        title="T",
        description="D",
        x_name="round",
        y_name="points",
        x_labels=[("R1", "round 1")],
        series=[(f"team {n}", [n]) for n in range(10)],
    )
    assert [line.css for line in chart.lines][7:] == ["s7", "s0 dashed", "s1 dashed"]
    # One x: the point sits in the middle.
    assert chart.lines[0].points[0].x == 219


def test_gold_reads_in_thousands():
    assert [thousands(v) for v in (0, 20_000, 1_050_000, 2_500, -50_000)] == [
        "0",
        "20k",
        "1,050k",
        "2.5k",
        "-50k",
    ]
