// VirtualCard: a card without hardware, attached to pcscd through vpcd, with its applets.
