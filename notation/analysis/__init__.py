"""Analysis of the play: the player's view, sampled deals, and what is built on them."""
