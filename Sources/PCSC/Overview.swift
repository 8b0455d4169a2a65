// PCSC: the Swift binding of libpcsclite (contexts, readers, status changes, cards, transactions).
