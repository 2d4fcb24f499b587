"""The queue of pending abilities in a game's state array, for every game's interpreter
(triggered abilities wait there until they resolve): rows of QW ints (ability row,
controller, source card, source ref) from offset q0, their number at offset n_at. Which
abilities are queued and which resolves next are the game's rules."""

from tcgsim.simcore.jit import kernel

QW = 4  # a queue row: ability row, controller, source card, source ref


@kernel
def queue_insert(st, q0, n_at, cap, at, ab, p, card, ref):
    """Insert a row at position `at` (the rows from there move back one); False when the
    queue already holds `cap` rows (nothing is inserted)."""
    n = st[n_at]
    if n >= cap:
        return False
    for i in range(q0 + n * QW - 1, q0 + at * QW - 1, -1):
        st[i + QW] = st[i]
    q = q0 + at * QW
    st[q] = ab
    st[q + 1] = p
    st[q + 2] = card
    st[q + 3] = ref
    st[n_at] = n + 1
    return True


@kernel
def queue_take(st, q0, n_at, i):
    """Remove row i (the rows after it move up one): its ability row, controller, source
    card and source ref."""
    q = q0 + i * QW
    ab, p, card, ref = st[q], st[q + 1], st[q + 2], st[q + 3]
    for k in range(q, q0 + (st[n_at] - 1) * QW):
        st[k] = st[k + QW]
    st[n_at] -= 1
    return ab, p, card, ref
