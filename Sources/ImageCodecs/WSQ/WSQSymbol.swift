/// The Huffman symbols of WSQ block data (WSQ specification §A.5, Table A.4).
enum WSQSymbol {
    /// Symbols 1–100 are runs of that many zeros.
    static let zeroRuns = 1...WSQParameters.longestCodedZeroRun
    /// A positive or negative coefficient whose magnitude follows in 8 or 16 bits.
    static let positive8 = 101
    static let negative8 = 102
    static let positive16 = 103
    static let negative16 = 104
    /// A run of zeros whose length follows in 8 or 16 bits.
    static let zeroRun8 = 105
    static let zeroRun16 = 106
    /// Symbols 107–254 are the coefficients −73…74, offset by 180.
    static let coefficients = 107...254
}
