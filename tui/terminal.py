"""What the app needs of the terminal: the smallest size the screens are laid out for."""

MIN_WIDTH, MIN_HEIGHT = 80, 24  # below this the "terminal too small" notice covers the screen
