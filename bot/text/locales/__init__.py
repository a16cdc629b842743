"""Catalogues of the bot texts, one module per language (`en` is complete)."""
