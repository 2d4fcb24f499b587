"""The flow opcodes every game's programs share (0x00-0x0F): the end of a program, a
condition that skips rows, a step that runs only after a success, an optional step, a
choice among options, the X register and a jump. Their numbers, names and arguments are
fixed here; each game's opcode table gives them its rule numbers and the places they may
stand."""

OP_END = 0x00
OP_SKIP_UNLESS = 0x01  # a=cond row, b=rows to skip when the condition fails (-1: to the end)
OP_IF_DO = 0x02  # b=rows to skip unless the previous step succeeded
OP_MAY = 0x03  # b=rows to skip when the player declines
OP_CHOOSE_ONE = 0x04  # a=options, b=1 the opponent chooses; each option starts with OP_OPTION
OP_OPTION = 0x05  # b=rows of this option
OP_SET_X = 0x06  # a=source, b=argument: X := that value
OP_JUMP = 0x07  # b=rows to skip

# name and argument names ('' for an unused slot), for each game's opcode table
FLOW = {
    OP_END: ("END", ()),
    OP_SKIP_UNLESS: ("SKIP_UNLESS", ("cond", "skip")),
    OP_IF_DO: ("IF_DO", ("", "skip")),
    OP_MAY: ("MAY", ("", "skip")),
    OP_CHOOSE_ONE: ("CHOOSE_ONE", ("n", "opp")),
    OP_OPTION: ("OPTION", ("", "len")),
    OP_SET_X: ("SET_X", ("src", "arg")),
    OP_JUMP: ("JUMP", ("", "skip")),
}
