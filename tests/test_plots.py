"""The report's plots: win rates in percent, the seat plot zoomed around its intervals with
them drawn, legends outside the data, one game-length panel per pairing."""

import subprocess
import sys

import pytest
from matplotlib.ticker import PercentFormatter

from tcgsim.reports.aggregate import aggregate
from tcgsim.reports.render import figures, zoomed_limits


@pytest.fixture(scope="module")
def figs(tmp_path_factory):
    run = tmp_path_factory.mktemp("plots") / "run"
    r = subprocess.run([sys.executable, "-m", "tcgsim", "first-second", "red-luffy",
                        "green-kid", "-n", "2000", "--no-report", "--no-progress", "-o",
                        str(run)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return figures(aggregate(run))


def test_zoomed_limits_keep_a_small_gap_visible():
    lo, hi = zoomed_limits([0.46, 0.50], [0.52, 0.56])
    assert lo == pytest.approx(0.435) and hi == pytest.approx(0.585)
    assert zoomed_limits([0.001], [0.01]) == (0.0, pytest.approx(0.03))
    assert zoomed_limits([0.97], [0.999])[1] == 1.0


def test_seat_plot_is_percent_zoomed_with_intervals(figs):
    _, fig = figs["seats"]
    ax = fig.axes[0]
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)
    lo, hi = ax.get_ylim()
    assert lo > 0.2 and hi < 0.9  # not from 0: the values are 40-65 %
    assert len(ax.containers) == 2  # going first and going second, each with error bars
    assert all(c.has_yerr for c in ax.containers)


def test_legends_sit_outside_the_axes(figs):
    for key in ("seats",):
        _, fig = figs[key]
        fig.canvas.draw()
        ax = fig.axes[0]
        legend = ax.get_legend().get_window_extent()
        assert legend.x0 >= ax.get_window_extent().x1


def test_game_length_has_one_step_panel_per_pairing(figs):
    _, fig = figs["turns"]
    panels = [ax for ax in fig.axes if ax.get_visible()]
    assert len(panels) == 3  # two mirrors and the pairing
    titles = sorted(ax.get_title() for ax in panels)
    assert titles == ["green-kid\nvs green-kid", "red-luffy\nvs green-kid",
                      "red-luffy\nvs red-luffy"]  # two lines: long names do not overlap
    for ax in panels:
        assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)
        (line,) = ax.get_lines()
        assert line.get_drawstyle() == "steps-mid"


def test_heat_map_scale_in_percent(figs):
    _, fig = figs["heatmap"]
    bar_axis = fig.axes[1]
    assert isinstance(bar_axis.yaxis.get_major_formatter(), PercentFormatter)
