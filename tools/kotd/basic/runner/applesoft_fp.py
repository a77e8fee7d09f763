"""Applesoft's floating-point accumulator (FAC), bit for bit, in Python integers.

A number in memory is 5 bytes: an excess-128 exponent and a 32-bit mantissa.  While an
expression is worked, the FAC holds 8 more bits, the *rounding byte*: a result keeps
them until it is stored (a variable, a FOR frame) or pushed as the left operand of the
next operation, where it is rounded (half up on that byte).  So ``1-0.999999999`` is
worked on the 40-bit value of the constant, as the ROM does.

What each routine does with the 40 bits (the behaviour of Microsoft's 6502 BASIC, which
Applesoft is; described here in our words and checked against the ROM in emulation):

- FADD: the operand with the smaller exponent is shifted right into the 40 bits (bits
  beyond are lost), then added or subtracted exactly; a carry shifts right once; a
  result whose 32 mantissa bits are all zero is zero (the rounding byte alone does not
  count, as in Applesoft II);
- FMULT: the left (32-bit) operand times all 40 bits of the right, the top 40 bits of
  the product kept (truncated);
- FDIV: the divisor is rounded to 32 bits, the quotient worked to 34 bits;
- FIN (reading a number): digit by digit, ``x10`` and ``+digit`` on the rounded value,
  then ``/10`` or ``x10`` per power of ten;
- FOUT (printing): scaled by x10 and /10 into 99999999.9..999999999 (a number below 1 is
  first multiplied by 1E9), 0.5 added, the integer part's nine digits printed.

Values are exchanged with the rest of the runner as Python numbers that hold the 40-bit
value exactly: ``int`` when whole, else ``float`` (40 bits fit a double).
"""

from __future__ import annotations

import math

from .numbers import DivisionByZero, NumberOverflow

M40 = 1 << 40
TOP40 = 1 << 39

Fac = tuple  # (negative: bool, exponent 0..255 (0: zero), mantissa: 40-bit int with bit 39 set)
ZERO: Fac = (False, 0, 0)


def unpack(x) -> Fac:
    """A runner number (exactly a 40-bit FAC value) as (negative, exponent, mantissa)."""
    if not x:
        return ZERO
    neg = x < 0
    if isinstance(x, int):
        n = -x if neg else x
        bits = n.bit_length()
        if bits > 40:
            if n & ((1 << (bits - 40)) - 1):
                raise ValueError(f"{x} has more than 40 significant bits")
            return neg, 128 + bits, n >> (bits - 40)
        return neg, 128 + bits, n << (40 - bits)
    f, e = math.frexp(abs(x))            # 0.5 <= f < 1
    m = f * M40
    if m != int(m):
        raise ValueError(f"{x!r} has more than 40 significant bits")
    return neg, 128 + e, int(m)


def pack(fac: Fac):
    neg, e, m = fac
    if e == 0 or m == 0:
        return 0
    shift = e - 128 - 40                 # value = m * 2**shift
    if shift >= 0:
        v = m << shift
        return -v if neg else v
    if m % (1 << -shift) == 0:
        v = m >> -shift
        return -v if neg else v
    v = math.ldexp(m, shift)
    return -v if neg else v


def _normalize(neg: bool, e: int, m: int) -> Fac:
    """Shift left until bit 39 is set; zero when the 32 mantissa bits are all zero."""
    if m >> 8 == 0:
        return ZERO
    while not m & TOP40:
        m <<= 1
        e -= 1
    if e <= 0:
        return ZERO
    return neg, e, m


def _round(fac: Fac) -> Fac:
    """ROUND.FAC: the rounding byte's top bit rounds the 32-bit mantissa up."""
    neg, e, m = fac
    if e == 0:
        return ZERO
    m32 = m >> 8
    if m & 0x80:
        m32 += 1
        if m32 >> 32:
            m32 >>= 1
            e += 1
            if e > 255:
                raise NumberOverflow()
    return neg, e, m32 << 8


def round32(x):
    """The value as a variable stores it."""
    return pack(_round(unpack(x)))


def _add(arg: Fac, fac: Fac) -> Fac:
    """FAC = ARG + FAC (ARG has no rounding byte: it was rounded or loaded)."""
    if fac[1] == 0:
        return arg
    if arg[1] == 0:
        return fac
    (an, ae, am), (fn, fe, fm) = arg, fac
    if ae > fe:
        big, small, neg, e, shift = am, fm, an, ae, ae - fe
    else:
        big, small, neg, e, shift = fm, am, fn, fe, fe - ae
        if ae == fe:                      # equal exponents: FAC - ARG keeps FAC's sign
            big, small, neg = fm, am, fn
    small >>= shift
    if an == fn:
        m = big + small
        if m >> 40:
            m >>= 1
            e += 1
            if e > 255:
                raise NumberOverflow()
        return neg, e, m
    m = big - small
    if m < 0:
        m, neg = -m, not neg
    return _normalize(neg, e, m)


def _exponent(s: int) -> int:
    """ADD.EXPONENTS: the biased sum of two exponents, 0 for an underflow."""
    if s >= 256:
        if s - 256 >= 128:
            raise NumberOverflow()
        return s - 128
    if s < 128:
        return 0
    return s - 128


def _mul(arg: Fac, fac: Fac) -> Fac:
    if fac[1] == 0 or arg[1] == 0:
        return ZERO
    e = _exponent(arg[1] + fac[1])
    if e == 0:
        return ZERO
    product = (arg[2] >> 8) * fac[2]      # 32 x 40 bits
    m = product >> 32                     # the top 40 bits (the rest is dropped)
    return _normalize(arg[0] != fac[0], e, m)


def _div(arg: Fac, fac: Fac) -> Fac:
    """FAC = ARG / FAC: the divisor rounded, a 34-bit quotient."""
    if fac[1] == 0:
        raise DivisionByZero()
    fac = _round(fac)
    if arg[1] == 0:
        return ZERO
    e = _exponent(arg[1] + ((256 - fac[1]) & 0xFF))
    if e == 0:
        return ZERO
    e += 1
    if e > 255:
        raise NumberOverflow()
    q = ((arg[2] >> 8) << 33) // (fac[2] >> 8)   # 34 bits
    return _normalize(arg[0] != fac[0], e, q << 6)


# --- the operators, as the expression evaluator calls them -------------------------------
def add(a, b):
    """a + b: a is the left operand (rounded when it was stacked), b the FAC."""
    return pack(_add(_round(unpack(a)), unpack(b)))


def sub(a, b):
    neg, e, m = unpack(b)
    return pack(_add(_round(unpack(a)), (not neg, e, m) if e else ZERO))


def mul(a, b):
    return pack(_mul(_round(unpack(a)), unpack(b)))


def div(a, b):
    return pack(_div(_round(unpack(a)), unpack(b)))


def _compare(packed: Fac, fac: Fac) -> int:
    """FCOMP: the sign of FAC - packed, the FAC's rounding byte counting in its last byte."""
    pn, pe, pm = packed
    fn, fe, fm = fac
    if fe == 0:
        return 0 if pe == 0 else (1 if pn else -1)
    if pe == 0:
        return -1 if fn else 1
    if pn != fn:
        return -1 if fn else 1
    f32 = fm >> 8
    if fe == pe and f32 >> 8 == (pm >> 8) >> 8:
        f32 += 1 if fm & 0x80 else 0          # the last byte compares rounded up
    key_f, key_p = (fe, f32), (pe, pm >> 8)
    if key_f == key_p:
        return 0
    bigger = key_f > key_p
    return (-1 if bigger else 1) if fn else (1 if bigger else -1)


def compare(a, b) -> int:
    """The sign of a - b as a relational operator sees it: a was stacked (rounded), b is
    the FAC (its rounding byte counts in the last byte)."""
    return -_compare(_round(unpack(a)), unpack(b))


# --- FIN and FOUT ---------------------------------------------------------------------------
TEN: Fac = (False, 0x84, 0xA0000000 << 8)
HALF: Fac = (False, 0x80, 0x80000000 << 8)
BILLION: Fac = (False, 0x9E, 0xEE6B2800 << 8)
NINES: Fac = (False, 0x9E, 0xEE6B27FD << 8)            # 999999999 and a little
EIGHT_NINES: Fac = (False, 0x9B, 0xBEBC1FFD << 8)      # 99999999.9


def _mul10(fac: Fac) -> Fac:
    """x10: 4 x the rounded value plus itself, then x2 (the sum keeps its low bits)."""
    arg = _round(fac)
    if arg[1] == 0:
        return ZERO
    if arg[1] + 2 > 255:
        raise NumberOverflow()
    r = _add(arg, (False, arg[1] + 2, arg[2]))
    if r[1] + 1 > 255:
        raise NumberOverflow()
    return r[0], r[1] + 1, r[2]


def _div10(fac: Fac) -> Fac:
    return _div(_round(fac), TEN)


def _small_int(n: int) -> Fac:
    return unpack(n)


def fin(text: str):
    """FIN: a number as Applesoft reads it (spaces already removed)."""
    s = text.strip().upper()
    neg = False
    i = 0
    if s[:1] in "+-":
        neg = s[0] == "-"
        i = 1
    fac = ZERO
    fraction_digits = 0
    seen_point = False
    while i < len(s) and (s[i].isdigit() or (s[i] == "." and not seen_point)):
        if s[i] == ".":
            seen_point = True
        else:
            if seen_point:
                fraction_digits += 1
            fac = _mul10(fac)
            fac = _add(_round(fac), _small_int(ord(s[i]) - 48)) if fac[1] or s[i] != "0" else fac
        i += 1
    exponent = 0
    if i < len(s) and s[i] == "E":
        i += 1
        exp_neg = False
        if i < len(s) and s[i] in "+-":
            exp_neg = s[i] == "-"
            i += 1
        while i < len(s) and s[i].isdigit():
            if exponent >= 10:
                if not exp_neg:
                    raise NumberOverflow()
                exponent = 100
            exponent = exponent * 10 + ord(s[i]) - 48 if exponent < 100 else exponent
            i += 1
        if exp_neg:
            exponent = -exponent
    exponent -= fraction_digits
    while exponent < 0:
        fac = _div10(fac)
        exponent += 1
    while exponent > 0:
        fac = _mul10(fac)
        exponent -= 1
    if neg and fac[1]:
        fac = (True, fac[1], fac[2])
    return pack(fac)


def _qint(fac: Fac) -> int:
    """The integer part of a positive FAC (its rounding byte is below the point)."""
    _, e, m = fac
    if e == 0:
        return 0
    shift = e - 128 - 40
    return m << shift if shift >= 0 else m >> -shift


def fout(x) -> str:
    """FOUT: the text PRINT and STR$ give."""
    neg, e, m = unpack(x)
    if e == 0:
        return "0"
    fac: Fac = (False, e, m)
    index = 0
    if e <= 0x80:
        fac = _mul(BILLION, fac)
        index = -9
    while True:
        c = _compare(NINES, fac)
        if c == 0:
            break                                  # straight to the integer, no 0.5
        if c > 0:
            fac = _div10(fac)
            index += 1
            if index != 0:
                continue
            fac = _add(HALF, fac)
            break
        while True:
            c2 = _compare(EIGHT_NINES, fac)
            if c2 > 0:
                fac = _add(HALF, fac)
                break
            fac = _mul10(fac)
            index -= 1
            if index == 0:
                break
        if c2 > 0:
            break
        fac = _div10(fac)                          # the ROM's path when the count runs out
        index += 1
    n = _qint(fac)
    digits = f"{n:09d}"[-9:] if n < 10 ** 9 else str(n)
    t = index + 10
    if t < 0 or t >= 11:
        point, exponent = 1, index + 8
    else:
        point, exponent = t - 1, 0
    if point <= 0:
        body = "." + "0" * (-point) + digits
    else:
        body = digits[:point] + "." + digits[point:]
    body = body.rstrip("0")
    if body.endswith("."):
        body = body[:-1]
    if exponent:
        body += f"E{'+' if exponent > 0 else '-'}{abs(exponent):02d}"
    return ("-" if neg else "") + body
