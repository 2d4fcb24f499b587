"""tcgsim: Monte Carlo simulation of two-player trading card games.

The engine, the strategies, the experiments and the reports live in the sub-packages
`tcgsim.simcore`, `tcgsim.strategies`, `tcgsim.experiments` and `tcgsim.reports`."""

__version__ = "0.1.0"
