"""The open table's part of this layer (``rules=sums``): see each module."""
