"""Texts in the reader's language: the catalogues (i18n, locales) and how games, seats,
durations and results are put into words (present).
May import: nothing of bot/ outside this folder.
"""
