"""The one error type users see: a message naming the file, line, key or rule at fault."""


class InputError(Exception):
    """Bad user input (deck, card, option). The CLI prints it on one line and exits with 2."""
