// The engine reads and writes the formats' vocabulary (minutiae, records, compact card
// templates, fingers): its public API is made of those types, so a client of the engine sees
// them without a second import.
@_exported import BiometricFormats
