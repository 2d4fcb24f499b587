"""Benchmarks of the simulator itself (throughput, memory, start-up, the Dask backend, the
Weiß Schwarz damage kernels, a public peer): measurements, not games people study."""
