"""Watching what a UI module writes on the screen: every string it draws with `text`."""

from __future__ import annotations


def record_text(monkeypatch, module) -> list[tuple[str, dict]]:
    """(string, placement) of every `text` call `module` makes from now on; each is drawn
    as well."""
    strings: list[tuple[str, dict]] = []
    real_text = module.text

    def text(surf, s, *args, **kwargs):
        strings.append((s, kwargs))
        return real_text(surf, s, *args, **kwargs)

    monkeypatch.setattr(module, "text", text)
    return strings


def record_text_places(monkeypatch, module) -> list:
    """(string, rect) of every `text` call `module` makes from now on: where each went."""
    out: list = []
    real_text = module.text

    def text(surf, s, *args, **kwargs):
        r = real_text(surf, s, *args, **kwargs)
        out.append((s, r))
        return r

    monkeypatch.setattr(module, "text", text)
    return out
