"""The two machines' floating point, exact, in Python integers and decimals.

A BASIC value is a Python ``int`` when it is a whole number the format holds exactly
(the fast path: most of a front end's arithmetic), else a ``Decimal`` (Atari) or a
``float`` (Applesoft; every 32-bit-mantissa number is a double exactly).

**Atari BASIC** (the OS math pack): 6 bytes, a sign and excess-64 exponent of 100, then
five BCD bytes ``b0.b1b2b3b4`` with ``b0`` 1..99: 9 or 10 significant digits.
Results are *truncated*, never rounded: an addition first drops the digits of the
smaller operand that fall off the larger one's five bytes, then truncates the sum;
a product or quotient is the exact one truncated.  ``AFP`` (reading a number) keeps
the first 9 digits only.  Integer conversion (``FPI``: POKE, array indexes, USR
arguments, line numbers) rounds half up; ``INT`` is floor.  Magnitudes of 1E98 and
more are error 11; below 1E-98 they become 0.

**Applesoft**: 5 bytes, an excess-128 binary exponent and a 32-bit mantissa.  The
runner's arithmetic, reading and printing are ``applesoft_fp.py`` (the FAC with its
rounding byte, bit for bit); the ``apple_*`` functions here round every result to 32
bits and serve the functions (SQR, SIN, RND ...) and the byte layout.  ``INT`` and
integer conversion floor.  Magnitudes of 2^127 and more are ``?OVERFLOW ERROR``.
"""

from __future__ import annotations

import decimal
import math
from decimal import ROUND_DOWN, ROUND_FLOOR, Decimal
from fractions import Fraction

_CTX = decimal.Context(prec=60, rounding=ROUND_DOWN, Emax=999, Emin=-999)


class NumberOverflow(ArithmeticError):
    """The result does not fit the format (Atari error 11, Applesoft ?OVERFLOW)."""


class DivisionByZero(ArithmeticError):
    pass


# ---------------------------------------------------------------------------------------
# Atari BASIC: 6-byte BCD
# ---------------------------------------------------------------------------------------
ATARI_INT_LIMIT = 10 ** 10          # every integer below this is exact in 5 BCD bytes


def _atari_exponent(x: Decimal) -> int:
    """E with 1 <= |x| / 100**E < 100."""
    return x.adjusted() // 2


def atari_norm(x) -> int | Decimal:
    """Truncate an exact value to the format (and give an int when whole)."""
    if isinstance(x, int):
        if -ATARI_INT_LIMIT < x < ATARI_INT_LIMIT:
            return x
        x = Decimal(x)
    elif isinstance(x, Fraction):
        x = _CTX.divide(Decimal(x.numerator), Decimal(x.denominator))
    if not x:
        return 0
    e = _atari_exponent(x)
    if e > 48:
        raise NumberOverflow()
    if e < -49:
        return 0
    q = x.quantize(Decimal(1).scaleb(2 * e - 8), rounding=ROUND_DOWN, context=_CTX)
    if q == q.to_integral_value() and abs(q) < ATARI_INT_LIMIT:
        return int(q)
    return q.normalize(_CTX)


def _atari_align(small, big) -> Decimal:
    """The smaller operand with the digits past the larger one's five bytes dropped."""
    if isinstance(small, int) and isinstance(big, int):
        return small
    b = Decimal(big)
    if not b:
        return Decimal(small)
    e = _atari_exponent(b)
    return Decimal(small).quantize(Decimal(1).scaleb(2 * e - 8), rounding=ROUND_DOWN, context=_CTX)


def atari_add(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return atari_norm(a + b)
    if abs(a) < abs(b):
        a, b = b, a
    if not b:
        return atari_norm(a)
    return atari_norm(_CTX.add(Decimal(a), _atari_align(b, a)))


def atari_sub(a, b):
    return atari_add(a, -b)


def atari_mul(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return atari_norm(a * b)
    return atari_norm(_CTX.multiply(Decimal(a), Decimal(b)))


def atari_div(a, b):
    if not b:
        raise DivisionByZero()
    if isinstance(a, int) and isinstance(b, int) and a % b == 0:
        return atari_norm(a // b)
    return atari_norm(_CTX.divide(Decimal(a), Decimal(b)))


def atari_int(x):
    """INT: the largest whole number not above x."""
    if isinstance(x, int):
        return x
    return atari_norm(int(x.to_integral_value(rounding=ROUND_FLOOR)))


def atari_round(x) -> int:
    """FPI: to an integer, half up (on the magnitude, as the OS does)."""
    if isinstance(x, int):
        return x
    sign = -1 if x < 0 else 1
    return sign * int((abs(x) + Decimal("0.5")).to_integral_value(rounding=ROUND_DOWN))


def atari_from_text(text: str):
    """AFP: the first 9 significant digits of a decimal number, the rest dropped."""
    d = Decimal(text)
    if not d:
        return 0
    digits = d.as_tuple()
    keep = 9
    if len(digits.digits) > keep:
        d = d.quantize(Decimal(1).scaleb(d.adjusted() - keep + 1), rounding=ROUND_DOWN, context=_CTX)
    return atari_norm(d)


def atari_format(x) -> str:
    """FASC: how Atari BASIC prints a number and STR$ writes it."""
    if isinstance(x, int) and abs(x) < ATARI_INT_LIMIT:
        return str(x)
    d = Decimal(x)
    sign = "-" if d < 0 else ""
    d = abs(d)
    e = _atari_exponent(d)
    mant = int(d.scaleb(-(2 * e - 8)))            # the ten digits b0..b4
    digits = f"{mant:010d}"
    if -1 <= e <= 4:
        point = 2 * e + 2                         # digits before the point
        if point > 0:
            whole, frac = digits[:point].lstrip("0") or "0", digits[point:].rstrip("0")
        else:
            whole, frac = "0", ("0" * -point + digits).rstrip("0")
        return sign + whole + ("." + frac if frac else "")
    # the first byte's digits are both printed when it has two ("1.0E-03"), the rest
    # without their trailing zeros ("1E+10", "1.5E+20")
    exp10 = 2 * e + (1 if digits[0] != "0" else 0)
    rest = digits[2:].rstrip("0")
    if digits[0] != "0":
        body = digits[0] + "." + digits[1] + rest
    else:
        body = digits[1] + ("." + rest if rest else "")
    return f"{sign}{body}E{'+' if exp10 >= 0 else '-'}{abs(exp10):02d}"


def atari_bytes(x) -> bytes:
    """The 6-byte form (for PEEKs of a variable, tests and the tokenizer's constants)."""
    if not x:
        return bytes(6)
    d = Decimal(x)
    e = _atari_exponent(abs(d))
    mant = int(abs(d).scaleb(-(2 * e - 8)))
    digits = f"{mant:010d}"
    head = (0x80 if d < 0 else 0) | (e + 64)
    return bytes([head] + [int(digits[i:i + 2], 16) for i in range(0, 10, 2)])


# ---------------------------------------------------------------------------------------
# Applesoft: 5-byte binary
# ---------------------------------------------------------------------------------------
APPLE_INT_LIMIT = 1 << 32


def apple_norm(x) -> int | float:
    """An exact value (int, float or Fraction) rounded as ROUND.FAC rounds."""
    if isinstance(x, int):
        if -APPLE_INT_LIMIT < x < APPLE_INT_LIMIT:
            return x
        x = Fraction(x)
    elif isinstance(x, float):
        x = Fraction(x)
    if not x:
        return 0
    sign = -1 if x < 0 else 1
    q = abs(x)
    n, d = q.numerator, q.denominator
    e = n.bit_length() - d.bit_length()        # 2**e <= q < 2**(e+2)
    if (n << max(0, -e)) < (d << max(0, e)):
        e -= 1
    # now 2**e <= q < 2**(e+1); cut to 40 bits then round to 32
    shift = 39 - e
    m40 = (n << shift) // d if shift >= 0 else n // (d << -shift)
    m32 = (m40 + 0x80) >> 8
    if m32 >> 32:
        m32 >>= 1
        e += 1
    if e >= 127:
        raise NumberOverflow()
    if e < -129:
        return 0
    value = Fraction(m32) * Fraction(2) ** (e - 31)
    if value.denominator == 1 and value < APPLE_INT_LIMIT:
        return sign * int(value)
    return sign * float(value)


def _apple_align(small, big):
    """The smaller operand with its bits past the larger one's rounding byte dropped."""
    fb = abs(Fraction(big))
    if not fb:
        return Fraction(small)
    e = fb.numerator.bit_length() - fb.denominator.bit_length()
    if fb < Fraction(2) ** e:
        e -= 1
    unit = Fraction(2) ** (e - 39)
    s = Fraction(small)
    mag = abs(s) // unit * unit
    return mag if s >= 0 else -mag


def apple_add(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return apple_norm(a + b)
    if abs(a) < abs(b):
        a, b = b, a
    if not b:
        return apple_norm(a)
    return apple_norm(Fraction(a) + _apple_align(b, a))


def apple_sub(a, b):
    return apple_add(a, -b)


def apple_mul(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return apple_norm(a * b)
    return apple_norm(Fraction(a) * Fraction(b))


def apple_div(a, b):
    if not b:
        raise DivisionByZero()
    if isinstance(a, int) and isinstance(b, int) and a % b == 0:
        return apple_norm(a // b)
    return apple_norm(Fraction(a) / Fraction(b))


def apple_int(x):
    if isinstance(x, int):
        return x
    return apple_norm(math.floor(x))


def apple_trunc(x) -> int:
    """QINT: to an integer by dropping the fraction."""
    return int(x)


def apple_from_text(text: str):
    """FIN: a decimal number, rounded to the format."""
    return apple_norm(Fraction(Decimal(text)))


def apple_format(x) -> str:
    """FOUT: nine significant digits rounded half up, fixed from .01 to 999999999."""
    if isinstance(x, int) and abs(x) < 10 ** 9:
        return str(x)
    if not x:
        return "0"
    sign = "-" if x < 0 else ""
    q = Decimal(abs(Fraction(x)).numerator) / Decimal(abs(Fraction(x)).denominator) \
        if not isinstance(x, float) else Decimal(abs(x))
    adj = q.adjusted()
    digits = q.scaleb(8 - adj).quantize(Decimal(1), rounding=decimal.ROUND_HALF_UP, context=_CTX)
    if digits >= 10 ** 9:
        digits = (digits / 10).quantize(Decimal(1), rounding=ROUND_DOWN, context=_CTX)
        adj += 1
    text = str(int(digits))                       # nine digits, the first one not 0
    if -2 <= adj <= 8:
        if adj >= 0:
            whole, frac = text[:adj + 1], text[adj + 1:].rstrip("0")
            return sign + whole + ("." + frac if frac else "")
        frac = ("0" * (-adj - 1) + text).rstrip("0")
        return sign + "." + frac
    sig = text.rstrip("0")
    body = sig[0] + ("." + sig[1:] if len(sig) > 1 else "")
    return f"{sign}{body}E{'+' if adj >= 0 else '-'}{abs(adj):02d}"


def apple_bytes(x) -> bytes:
    """The 5-byte form of a variable (MOVMF)."""
    if not x:
        return bytes(5)
    f = abs(Fraction(x))
    e = f.numerator.bit_length() - f.denominator.bit_length()
    if f < Fraction(2) ** e:
        e -= 1
    m = int(f / Fraction(2) ** (e - 31))
    m = (m & 0x7FFFFFFF) | (0x80000000 if x < 0 else 0)
    return bytes([e + 129]) + m.to_bytes(4, "big")
