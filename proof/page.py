"""A proof sheet: one language's texts as players meet them, for a native reader to review.

`python -m translations proof LANG OUT/` plays a few seeded games through the bot's own text and
picture code (`proof` gathers them) and this module writes what a reviewer opens:

- `OUT/index.html`: one page, a section per kind of message (prompts, buttons, event lines,
  DMs, reminders, end of game...), each message with the situation that produced it, and every
  picture inline, at full size and at a phone's 320 px;
- `OUT/messages.tsv`: kind, key, situation and words of every message and of every term heard
  inside one (a building's name in a prompt) or drawn on a picture, one a line, to grep and
  annotate;
- `OUT/unrendered.txt`: the catalogue keys the sheet never rendered, with their English, so the
  reviewer knows what it does not show;
- `OUT/pictures/*.png`.

The same language gives the same files, byte for byte.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

PHONE_WIDTH = 320  # px: how wide a phone shows a landscape picture in a chat
# The page shows each key in at most this many wordings (other names, other buildings).
WORDINGS_SHOWN = 4
# The sizes of table the sheet plays, per game (those native readers reviewed); a game not named
# here is played at its smallest size and with four players.
TABLES = {"santiago": (3, 4), "havana": (2, 4)}
# Boards drawn per table (the start and the end among them), each with a player's screen.
BOARDS = 6


class Line(Protocol):
    kind: str
    key: str
    situation: str
    text: str


class Picture(Protocol):
    name: str
    situation: str
    png: bytes


def _cell(value: str) -> str:
    """One TSV field: a message's line breaks as `\\n`, no tab."""
    return value.replace("\\", "\\\\").replace("\t", " ").replace("\n", "\\n")


def rows(
    lines: Sequence[Line], words: Mapping[tuple[str, str], tuple[str, str]]
) -> list[tuple[str, str, str, str]]:
    """(kind, key, situation, text): every message, then every heard text no message row
    already carries under its key."""
    found = [(line.kind, line.key, line.situation, line.text) for line in lines]
    shown = {(line.key, line.text) for line in lines}
    for (key, said), (kind, situation) in words.items():
        # a gender heard is a bare letter ("f"): the sheet shows each in a sentence of its own
        if (key, said) not in shown and not key.endswith(".gender"):
            shown.add((key, said))
            found.append((kind, key, situation, said))
    return found


def unrendered(english: Mapping[str, str], found: Iterable[tuple[str, str, str, str]]) -> list[str]:
    rendered = {key for _, key, _, _ in found}
    return sorted(key for key in english if key not in rendered)


def write(
    out: Path,
    lang: str,
    kinds: Sequence[str],
    lines: Sequence[Line],
    pictures: Sequence[Picture],
    words: Mapping[tuple[str, str], tuple[str, str]],
    english: Mapping[str, str],
) -> list[str]:
    """Write the sheet into `out`; return the keys it never rendered."""
    out.mkdir(parents=True, exist_ok=True)
    folder = out / "pictures"
    folder.mkdir(exist_ok=True)
    for picture in pictures:
        (folder / picture.name).write_bytes(picture.png)
    found = rows(lines, words)
    with (out / "messages.tsv").open("w", encoding="utf-8", newline="\n") as f:
        f.write("kind\tkey\tsituation\ttext\n")
        for row in found:
            f.write("\t".join(_cell(v) for v in row) + "\n")
    missing = unrendered(english, found)
    with (out / "unrendered.txt").open("w", encoding="utf-8", newline="\n") as f:
        for key in missing:
            f.write(f"{key}\t{_cell(english[key])}\n")
    page = _page(lang, kinds, found, pictures, len(english), missing)
    (out / "index.html").write_text(page, encoding="utf-8", newline="\n")
    return missing


_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 75em; padding: 0 1em; }
table { border-collapse: collapse; width: 100%; }
td, th { border-top: 1px solid #ddd; padding: .35em .5em; vertical-align: top; text-align: left; }
td.text { white-space: pre-wrap; font-size: 16px; }
td.key, td.where { color: #555; font-size: 13px; width: 18em; }
td.key { font-family: ui-monospace, monospace; }
figure { margin: 1.5em 0; }
figure img { border: 1px solid #ccc; margin: 0 1em .5em 0; vertical-align: top; }
.full { max-width: 100%; }
"""


def _page(
    lang: str,
    kinds: Sequence[str],
    found: Sequence[tuple[str, str, str, str]],
    pictures: Sequence[Picture],
    total: int,
    missing: Sequence[str],
) -> str:
    e = html.escape
    by_kind: dict[str, list[tuple[str, str, str, str]]] = {}
    per_key: dict[tuple[str, str], int] = {}
    for row in found:
        shown = per_key[row[:2]] = per_key.get(row[:2], 0) + 1
        if shown <= WORDINGS_SHOWN:
            by_kind.setdefault(row[0], []).append(row)
    order = [k for k in kinds if k in by_kind] + [k for k in by_kind if k not in kinds]
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{e(lang)}"><head><meta charset="utf-8">',
        f"<title>Proof sheet: {e(lang)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Proof sheet: {e(lang)}</h1>",
        "<p>Every kind of message and picture of a few seeded games, as players meet them. "
        "Each message names the situation that produced it and its catalogue key (the "
        "<code>msgctxt</code> in <code>translations/" + e(lang) + ".po</code>). "
        "Discord shows <code>**bold**</code> as bold; a mention is written as Discord shows "
        "it (<code>@María José</code>). A term heard inside messages or drawn on a picture is "
        f"shown here in its first {WORDINGS_SHOWN} wordings; <code>messages.tsv</code> has them "
        "all.</p>",
        f"<p>{total - len(missing)} of {total} keys rendered. "
        '<a href="messages.tsv">messages.tsv</a> holds every text, one a line; '
        f'<a href="unrendered.txt">unrendered.txt</a> lists the {len(missing)} keys this sheet '
        "never shows.</p>",
        "<ul>",
        *(
            f'<li><a href="#{_anchor(k)}">{e(k)}</a> ({len(by_kind[k])})</li>'
            for k in order
            if k in by_kind
        ),
        f'<li><a href="#pictures">pictures</a> ({len(pictures)})</li>',
        "</ul>",
    ]
    for kind in order:
        out.append(f'<h2 id="{_anchor(kind)}">{e(kind)}</h2>')
        out.append("<table><tr><th>situation</th><th>key</th><th>text</th></tr>")
        for _, key, situation, said in by_kind[kind]:
            out.append(
                f'<tr><td class="where">{e(situation)}</td><td class="key">{e(key)}</td>'
                f'<td class="text">{e(said)}</td></tr>'
            )
        out.append("</table>")
    out.append('<h2 id="pictures">pictures</h2>')
    out.append(f"<p>Each picture at full size and at {PHONE_WIDTH} px, as a phone shows it.</p>")
    for picture in pictures:
        src = e(f"pictures/{picture.name}")
        out.append(
            f'<figure id="{e(picture.name)}"><figcaption>{e(picture.situation)} '
            f'(<a href="{src}">{e(picture.name)}</a>)</figcaption>'
            f'<img class="full" src="{src}" alt="{e(picture.situation)}">'
            f'<img src="{src}" width="{PHONE_WIDTH}" alt="{e(picture.situation)}, phone size">'
            "</figure>"
        )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _anchor(kind: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in kind.lower())
