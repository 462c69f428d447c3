"""The table's art, installed as package data: the pieces' vectors (art/*.svg), the font
(fonts/), the two textures drawn by tools/draw_assets.py and the sounds (sounds/)."""
