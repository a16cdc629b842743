"""Pictures with Pillow: public view -> board PNG, player view -> screen PNG."""
