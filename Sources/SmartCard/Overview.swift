// SmartCard: card edges over any CardChannel (BioManager, IDStore, ISO 7816-11 verifier).
