"""Spanish number words, as schools in Spain and Latin America teach them to read numbers.

- Whole numbers: "veintiuno", "treinta y dos", "cien", "ciento uno", "mil", "un millón"; "un" and
  "una" agree with the noun that follows ("un tercio", "una carta", "veintiún quintos").
- Fractions by their partitive names, as textbooks teach them ("se lee"): "un medio", "tres
  cuartos", "dos quintos", "un décimo", and from eleven on the cardinal with *-avo*: "tres
  onceavos", "cinco doceavos", "un veinteavo" (the RAE's forms: "dieciseisavo", "dieciochavo",
  "treintavo"); "centésimo", "milésimo". Not "tres sobre once": that names the written signs, and
  schools teach it only as a way to read a division, not a fraction. Past a hundred (no deck has
  one) "sobre" is used, since the *-avo* names turn rare there.
- A mixed number joins with "y": "dos y tres cuartos", "uno y medio" (a half after a whole part
  is "medio", as everyone says it).
- Decimals with the comma, digit by digit after it: "cero coma dos cinco", not "cero coma
  veinticinco". The games ask children to compare and order decimals, and "coma veinticinco"
  against "coma tres" invites the classic mistake (25 > 3, so 0,25 > 0,3); digit by digit also
  keeps the zeros a card prints ("cero coma dos cero cero"), which the games ask about, and
  matches the English voice. A repeating decimal adds "periódico": "cero coma tres periódico".
- "por ciento"; "menos tres" for a number below zero (what children hear on a thermometer);
  "siete por seis", "doce entre cuatro" (the division word taught in Spain and Mexico alike),
  "más", "menos", "es igual a"; "es menor que", "es mayor que".
"""

from __future__ import annotations

from station.speech.number_words import NumberWords

_UNITS = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
          "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno",
          "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho",
          "veintinueve")
_TENS = {3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta", 8: "ochenta", 9: "noventa"}
_HUNDREDS = ("", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos",
             "ochocientos", "novecientos")
#: "uno" before a noun: "un tercio", "una carta", "veintiún quintos".
_ONE = {"": "uno", "m": "un", "f": "una"}
#: Denominators with a name of their own (one, many); from 11 on the cardinal takes "-avo".
_DENOMINATORS = {2: "medio", 3: "tercio", 4: "cuarto", 5: "quinto", 6: "sexto", 7: "séptimo", 8: "octavo",
                 9: "noveno", 10: "décimo", 100: "centésimo", 1000: "milésimo"}
_PLAIN = str.maketrans("áéíóú", "aeiou")
MINUS = "\u2212"


def _one(words: str, gender: str) -> str:
    """The last "uno" of a number agreeing with its noun: "veintiuno" -> "veintiún", "veintiuna"."""
    if gender and words.endswith("uno"):
        ending = {"m": "ún" if words.endswith("tiuno") else "un", "f": "una"}[gender]
        return words[:-3] + ending
    return words


def integer(n: int, gender: str = "") -> str:
    """0 "cero", 21 "veintiuno", 100 "cien", 101 "ciento uno", 1000 "mil", 2_000_000 "dos millones";
    ``gender`` "m"/"f" before a noun: 1 "un"/"una", 21 "veintiún"/"veintiuna", 200 "doscientas" (f)."""
    if n < 30:
        return _one(_UNITS[n], gender)
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f" y {_one(_UNITS[ones], gender)}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        if n == 100:
            return "cien"
        head = _HUNDREDS[hundreds]
        if gender == "f" and hundreds > 1:
            head = head[:-2] + "as"
        return head + (f" {integer(rest, gender)}" if rest else "")
    if n < 10**6:
        thousands, rest = divmod(n, 1000)
        head = "mil" if thousands == 1 else f"{integer(thousands, gender or 'm')} mil"
        return head + (f" {integer(rest, gender)}" if rest else "")
    millions, rest = divmod(n, 10**6)
    head = "un millón" if millions == 1 else f"{integer(millions, 'm')} millones"
    return head + (f" {integer(rest, gender)}" if rest else "")


def _partitive(bottom: int) -> str:
    """The name of one part of ``bottom``: "tercio", "décimo", "onceavo", "dieciseisavo", "treintavo"."""
    if bottom in _DENOMINATORS:
        return _DENOMINATORS[bottom]
    words = integer(bottom).translate(_PLAIN).replace(" y ", "i")  # "treinta y uno" -> "treintaiuno"
    if words.endswith(("uno", "ocho")):
        words = words[:-1]  # "veintiunavo", "dieciochavo"
    elif words.endswith("nta"):
        words = words[:-1]  # "treintavo", "noventavo"
    return words + "avo"


def fraction(top: int, bottom: int, after_whole: bool = False) -> str:
    """"un medio", "tres cuartos", "dos quintos", "tres onceavos"; after a whole part "medio" ("uno y
    medio"); past a hundred parts, "siete sobre ciento uno"."""
    if bottom > 100 and bottom != 1000:
        return f"{integer(top)} sobre {integer(bottom)}"
    part = _partitive(bottom)
    if top == 1:
        return part if after_whole and bottom == 2 else f"un {part}"
    return f"{integer(top, 'm')} {part}s"


#: Nouns whose ending misleads: "el día", "el mapa", "la mano".
_GENDER_EXCEPTIONS = {"día": "m", "días": "m", "mapa": "m", "mapas": "m", "problema": "m", "problemas": "m",
                      "mano": "f", "manos": "f"}


def gender_of(noun: str) -> str:
    """"carta", "estrella", "ficha" f; "punto", "turno" m: the ending tells, but for a few nouns
    (``_GENDER_EXCEPTIONS``). A caller that knows better passes the gender itself."""
    word = noun.strip().split(" ")[0].lower()
    if word in _GENDER_EXCEPTIONS:
        return _GENDER_EXCEPTIONS[word]
    return "f" if word.endswith(("a", "as", "ión", "iones", "dad", "dades")) else "m"


WORDS = NumberWords(
    integer=integer,
    fraction=fraction,
    negative="menos",
    mixed="{whole} y {part}",
    point="coma",
    repeating="{digits} periódico",
    percent="{number} por ciento",
    ops={"+": "más", "-": "menos", MINUS: "menos", "×": "por", "x": "por", "*": "por", "÷": "entre", "/": "entre",
         "=": "es igual a", "√": "la raíz cuadrada de"},
    relations={"<": "es menor que", ">": "es mayor que", "=": "es igual a", "≠": "es distinto de",
               "≤": "es menor o igual que", "≥": "es mayor o igual que"},
    brackets={"(": "abre paréntesis", ")": "cierra paréntesis"},
    decimal_mark=",",
    gender_of=gender_of,
)
