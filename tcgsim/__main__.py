"""`python -m tcgsim`: the command-line interface."""

from tcgsim.experiments.cli import main

if __name__ == "__main__":
    main()
