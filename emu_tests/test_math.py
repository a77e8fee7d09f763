"""math.s routine by routine against Python's exact integers, on both targets:
every product and quotient, the edges (0, 1, 255, 256, 65535, the largest quotient
that fits and the first that does not) and hypothesis-drawn operands."""

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
BYTE = st.integers(0, 0xFF)
WORD = st.integers(0, 0xFFFF)
LONG = st.integers(0, 0xFFFF_FFFF)


def put(m, name: str, value: int, size: int, offset: int = 0) -> None:
    for i in range(size):
        m.poke(name, (value >> (8 * i)) & 0xFF, offset + i)


def get(m, name: str, size: int, offset: int = 0) -> int:
    return sum(m.peek(name, offset + i) << (8 * i) for i in range(size))


def run(m, label: str, *, a: int = 0, y: int = 0, mul: int = 0, b: int = 0):
    """JSR to a math.s routine with M0..M3 = mul, B0, B1 = b, A and Y set; returns
    (M0..M3, B0..B1, the run)."""
    put(m, "ZP_MUL", mul, 4)
    put(m, "ZP_TEMP", b, 2, offset=4)
    r = m.cpu.call(m.symbols[label.upper()], a=a, y=y)
    return get(m, "ZP_MUL", 4), get(m, "ZP_TEMP", 2, offset=4), r


def each(machines):
    return list(machines.values())


@SLOW_OK
@given(a=BYTE, b=BYTE)
@example(a=0, b=0)
@example(a=255, b=255)
@example(a=255, b=1)
@example(a=128, b=128)
def test_mul_8x8(machines, a, b):
    for m in each(machines):
        _, b_after, r = run(m, "mul_8x8", a=a, b=b)
        assert r.a << 8 | m.peek("ZP_TEMP", 3) == a * b
        assert b_after & 0xFF == b                   # B0 kept


@SLOW_OK
@given(a=WORD, b=BYTE)
@example(a=0xFFFF, b=0xFF)
@example(a=0xFF, b=0xFF)
@example(a=0x100, b=0)
def test_mul_by_byte(machines, a, b):
    for m in each(machines):
        out, _, _ = run(m, "mul_by_byte", a=b, mul=a | 0xAB00_0000)
        assert out == a * b                          # M3 cleared too


@SLOW_OK
@given(a=WORD, b=WORD)
@example(a=0xFFFF, b=0xFFFF)
@example(a=0xFFFF, b=0x100)
@example(a=1, b=0xFF)
@example(a=0, b=0xFFFF)
def test_mul_16x16(machines, a, b):
    for m in each(machines):
        out, _, _ = run(m, "mul_16x16", mul=a, b=b)
        assert out == a * b


@SLOW_OK
@given(a=LONG, b=WORD)
@example(a=0xFFFF_FFFF, b=1)
@example(a=0x00FF_FFFF, b=0xFF)
@example(a=0xFFFF, b=0xFFFF)
@example(a=0x1_0001, b=0xFFFF)
def test_mul_32x16_low_32_bits(machines, a, b):
    for m in each(machines):
        out, _, _ = run(m, "mul_32x16", mul=a, b=b)
        assert out == (a * b) & 0xFFFF_FFFF


def check_division(m, label: str, n: int, d: int, **kw):
    out, _, r = run(m, label, mul=n, **kw)
    q, rem = divmod(n, d)
    if q > 0xFFFF:
        assert r.p & 1, "carry set: the quotient does not fit"
        assert out & 0xFFFF == 0xFFFF
    else:
        assert not r.p & 1
        assert (out & 0xFFFF, out >> 16) == (q, rem)


DIVISIONS = [(0, 1), (0xFFFF, 1), (0x1_0000, 1), (0xFFFF_FFFF, 0xFFFF), (0xFFFE_FFFF, 0xFFFF),
             (0xFFFF_0000, 0xFFFF), (0xFFFF_FFFF, 0x8000), (0x7FFF_FFFF, 0x8000), (0xFFFF_FFFF, 0x8001),
             (1000, 1000), (999, 1000), (0x00FF_FFFF, 0x100), (0x00FF_FFFF, 0xFF), (0x00FE_FFFF, 0xFF),
             (0xFFFF, 0xFF), (0xFF_FFFF, 0x1FF), (12345678, 1234), (255 * 255, 255), (5, 7)]


@pytest.mark.parametrize("n,d", DIVISIONS)
def test_div_32x16_edges(machines, n, d):
    for m in each(machines):
        check_division(m, "div_32x16", n, d, b=d)


@SLOW_OK
@given(n=LONG, d=st.integers(1, 0xFFFF), small=st.booleans())
def test_div_32x16(machines, n, d, small):
    if small:                                        # mostly quotients that fit
        n = n % (d << 16)
    for m in each(machines):
        check_division(m, "div_32x16", n, d, b=d)


@SLOW_OK
@given(n=LONG, d=st.integers(1, 0xFFFF))
def test_div_by_word(machines, n, d):
    n = n % (d << 16)
    for m in each(machines):
        check_division(m, "div_by_word", n, d, a=d & 0xFF, y=d >> 8)


@pytest.mark.parametrize("n,d", [(n, d) for n, d in DIVISIONS if d < 256] + [(0xFFFF_FFFF, 1), (0x1_0000, 2)])
def test_div_by_byte_edges(machines, n, d):
    for m in each(machines):
        check_division(m, "div_by_byte", n, d, a=d)


@SLOW_OK
@given(n=LONG, d=st.integers(1, 0xFF), small=st.booleans())
def test_div_by_byte(machines, n, d, small):
    if small:
        n = n % (d << 16)
    for m in each(machines):
        check_division(m, "div_by_byte", n, d, a=d)


@SLOW_OK
@given(a=WORD)
@example(a=0xFFFF)
@example(a=0)
def test_times_100(machines, a):
    for m in each(machines):
        out, _, _ = run(m, "times_100", mul=a | 0x5500_0000)
        assert out == 100 * a


@pytest.mark.parametrize("value", [0, 1, 0xFF, 0x100, 0xFFFF])
def test_load_word(machines, value):
    for m in each(machines):
        out, _, _ = run(m, "load_word", a=value & 0xFF, y=value >> 8, mul=0xFFFF_FFFF)
        assert out == value


def test_quarter_squares_give_every_byte_product(model):
    """The table's reach, 256 entries, and math.s's formula above it: a + b = s + 256
    takes QUARTER_SQUARE(s) + 128 s + $4000; every pair of bytes."""
    squares = [x * x // 4 for x in range(256)]

    def quarter(x):
        return squares[x] if x < 256 else squares[x - 256] + 128 * (x - 256) + 0x4000
    assert all(quarter(a + b) - quarter(abs(a - b)) == a * b for a in range(256) for b in range(256))


def test_every_sum_above_255_in_mul_8x8_and_mul_by_byte(machines):
    """Each a + b = s + 256 (s = 0..254, both parities of s and low bytes of
    QUARTER_SQUARE(s) on either side of 128) through both routines' in-line formula."""
    for m in each(machines):
        for s in range(255):
            for d in {s % 2, min(254 - s, 100) // 2 * 2 + s % 2, 254 - s}:
                a, b = (s + 256 + d) // 2, (s + 256 - d) // 2
                _, _, r = run(m, "mul_8x8", a=a, b=b)
                assert r.a << 8 | m.peek("ZP_TEMP", 3) == a * b, (a, b)
                out, _, _ = run(m, "mul_by_byte", a=b, mul=a << 8 | a)
                assert out == (a << 8 | a) * b, (a, b)


@SLOW_OK
@given(start=WORD, count=st.integers(0, 12), value=st.integers(-0x8000, 0x7FFF))
@example(start=0, count=0, value=-1)
@example(start=0xFFFF, count=1, value=1)
@example(start=0, count=6, value=-0x8000)
def test_add_times(machines, start, count, value):
    for m in each(machines):
        put(m, "ZP_MUL", start, 4)
        m.cpu.call(m.symbols["ADD_TIMES"], a=count, x=value & 0xFF, y=(value >> 8) & 0xFF)
        assert get(m, "ZP_MUL", 2) == (start + count * value) & 0xFFFF


@pytest.mark.parametrize("a", [0, 1, 0x80, 0xFF, 0x3F, 0x55, 0xAA, 0x12])
def test_count_bits(machines, a):
    for m in each(machines):
        r = m.cpu.call(m.symbols["COUNT_BITS"], a=a)
        assert r.y == bin(a).count("1")
