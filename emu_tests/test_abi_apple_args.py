"""The Apple's CALL glue leaves every argument's high byte 0 on its return (abi_apple.s),
which the Applesoft front end relies on: it POKEs only the low byte of a byte argument
(tools/kotd/basic/source.py, docs/engine.md "Calling from Applesoft")."""

import pytest

from kotd.build import stateblock
from kotd.emu import EngineMachine


@pytest.fixture(scope="module")
def apple(model, dist) -> EngineMachine:
    return EngineMachine.from_dist(model, dist, "apple")


def high_bytes(m: EngineMachine) -> list[int]:
    return [m.peek("CALL_ARGS", 2 * i + 1) for i in range(stateblock.MAX_ARGS)]


@pytest.mark.parametrize("args", [(), (0x1234, 0xFFFF, 0x0102)], ids=["no arguments", "wrong count"])
def test_every_high_byte_is_zero_after_a_call_done_or_refused(apple, args):
    for i in range(stateblock.MAX_ARGS):
        apple.poke("CALL_ARGS", 0xA5, 2 * i)
        apple.poke("CALL_ARGS", 0xFF, 2 * i + 1)
    result = apple.call("ENGINE_INFO", *args, convention="call")
    assert (result.status == 0) == (not args)
    assert high_bytes(apple) == [0] * stateblock.MAX_ARGS
    if not args:            # the low bytes are the caller's: untouched
        assert [apple.peek("CALL_ARGS", 2 * i) for i in range(stateblock.MAX_ARGS)] == [0xA5] * stateblock.MAX_ARGS


def test_a_byte_argument_poked_alone_after_a_call_is_read_whole(apple, model):
    """The front end's order: a call, then only low bytes POKEd: the entry reads the
    value (a hex distance, col/row under 256) as if both bytes had been POKEd."""
    apple.call("ENGINE_INFO", convention="call")
    for i, v in enumerate((3, 4, 10, 12)):
        apple.poke("CALL_ARGS", v, 2 * i)
    apple.poke("CALL_ARGC", 4)
    run = apple.cpu.call(apple.entry_address("HEX_DISTANCE"))
    assert run is not None and apple.peek("CALL_STATUS") == 0
    assert apple.cpu.word(apple.fields["CALL_RESULT"]) == apple.call("HEX_DISTANCE", 3, 4, 10, 12,
                                                                      convention="call").value
