"""English number words, as US schools say them: "twenty-one", "one hundred five", "three
quarters", "one and a half", "zero point two five", "negative five", "seven times six"."""

from __future__ import annotations

from station.speech.number_words import NumberWords

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((10**9, "billion"), (10**6, "million"), (1000, "thousand"))
_ORDINALS = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
             "twelve": "twelfth"}
#: Denominators said by a name of their own: "a half", "three quarters".
_DENOMINATORS = {2: ("half", "halves"), 4: ("quarter", "quarters")}
MINUS = "\u2212"


def integer(n: int, gender: str = "") -> str:
    """0 "zero", 21 "twenty-one", 105 "one hundred five" (English has no gender to agree)."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {integer(rest)}" if rest else "")
    for size, name in _SCALES:
        if n >= size:
            top, rest = divmod(n, size)
            return f"{integer(top)} {name}" + (f" {integer(rest)}" if rest else "")
    raise AssertionError(n)  # pragma: no cover - every n >= 1000 has a scale


def _ordinal(n: int) -> str:
    """"third", "fifth", "twelfth", "twentieth", "twenty-first", "one hundredth"."""
    words = integer(n)
    head, sep, last = words.rpartition("-") if "-" in words.split(" ")[-1] else words.rpartition(" ")
    if last in _ORDINALS:
        last = _ORDINALS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}{sep}{last}"


def fraction(top: int, bottom: int, after_whole: bool = False) -> str:
    """"three quarters", "one fifth", "eight twelfths"; "a half" after a whole part ("one and a half")."""
    if bottom in _DENOMINATORS:
        one, many = _DENOMINATORS[bottom]
    else:
        one = _ordinal(bottom)
        many = one + "s"
    if top == 1:
        return f"{'a' if after_whole else 'one'} {one}"
    return f"{integer(top)} {many}"


WORDS = NumberWords(
    integer=integer,
    fraction=fraction,
    negative="negative",
    mixed="{whole} and {part}",
    point="point",
    repeating="{digits} repeating",
    percent="{number} percent",
    ops={"+": "plus", "-": "minus", MINUS: "minus", "×": "times", "x": "times", "*": "times", "÷": "divided by",
         "/": "divided by", "=": "equals", "√": "the square root of"},
    relations={"<": "is less than", ">": "is greater than", "=": "equals", "≠": "is not equal to", "≤": "is at most",
               "≥": "is at least"},
    brackets={"(": "open bracket", ")": "close bracket"},
)
