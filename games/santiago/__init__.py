"""Santiago de Cuba."""
