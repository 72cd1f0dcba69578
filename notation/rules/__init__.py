"""The rules core: plain values in, plain values out. No text files, no YAML."""
