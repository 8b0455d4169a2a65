// FingerprintSynthesis: synthetic master fingerprints and impressions, deterministic from a seed.
