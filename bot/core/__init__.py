"""What every part of the bot shares: the game tables (store, channel locks, state cache,
lookups), refusals, metrics, the clock's now(), the worker processes.
May import: nothing of bot/ outside this folder.
"""
