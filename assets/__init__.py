"""The sprites drawn by tools/draw_assets.py, installed as package data."""
