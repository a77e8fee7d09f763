"""The BASIC toolchain (docs/basic.md): the front ends' source format, the tokenizers and
detokenizers of Atari BASIC and Applesoft, a static checker and a runner that plays the
tokenized programs with the 6502 engine under py65."""
