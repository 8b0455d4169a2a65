/// The fixed numbers of the WSQ algorithm as the NIST reference (NBIS) implements it, in one place.
///
/// Section references are to the FBI's *WSQ Gray-scale Fingerprint Image Compression
/// Specification* (IAFIS-IC-0110, version 3).
enum WSQParameters {
    /// The analysis lowpass filter of the 9/7 biorthogonal filter bank (§A.2, Table A.1).
    static let analysisLowpass: [Float] = [
        0.03782845550726404, -0.02384946501955685, -0.11062440441843718, 0.37740285561283066,
        0.85269867900889385,
        0.37740285561283066, -0.11062440441843718, -0.02384946501955685, 0.03782845550726404,
    ]
    /// The analysis highpass filter of the 9/7 filter bank (§A.2, Table A.1).
    static let analysisHighpass: [Float] = [
        0.06453888262869706, -0.04068941760916406, -0.41809227322161724,
        0.7884856164055829,
        -0.41809227322161724, -0.04068941760916406, 0.06453888262869706,
    ]

    /// Subbands 0–59 carry coefficients; 60–63 (the first level's diagonal detail) are dropped (§A.3).
    static let codedSubbandCount = 60
    /// Subbands listed in the quantization table.
    static let tableSubbandCount = 64
    /// First subband of the second and third Huffman-coded blocks (§A.4).
    static let firstSubbandOfBlock2 = 19
    static let firstSubbandOfBlock3 = 52
    /// Subbands 0–3 get bin width 1/q; subbands from 51 on are 1/16 of the image each (§A.3, "m").
    static let firstSubbandOfSizeRegion2 = 4
    static let firstSubbandOfSizeRegion3 = 51
    /// Subbands whose variance is below this are not coded at all (§A.3).
    static let varianceThreshold: Float = 1.01
    /// Below this total variance of subbands 0–3 the variances are taken over whole subbands.
    static let lowVarianceSum: Float = 20000
    /// Weights `A` of subbands 52–59 in the bin-width formula (§A.3).
    static let highSubbandWeights: [Float] = [1.32, 1.08, 1.42, 1.08, 1.32, 1.42, 1.08, 1.08]
    /// The quantizer bin center `C` as written to the DQT segment: 44 × 10⁻² (§A.3).
    static let binCenterScaled: (scale: UInt8, value: UInt16) = (2, 44)
    /// Zero bin width `Z` is this multiple of the bin width `Q` (§A.3).
    static let zeroBinFactor: Double = 1.2

    /// Huffman symbols (§A.5, Table A.4): 1–100 are zero runs of that length, 101–106 escapes,
    /// 107–254 the coefficients −73…74 (symbol = coefficient + 180).
    static let longestCodedZeroRun = 100
    static let largestCodedCoefficient = 74
    static let symbolOffset = 180
    static let maximumHuffmanCodeLength = 16
    static let huffmanTableLimit = 8

    /// The frame header's encoder and software fields, as NBIS writes them.
    static let encoderNumber: UInt8 = 2
    static let softwareNumber: UInt16 = 0

    /// Images with a side shorter than this are padded before coding: NBIS needs at least this
    /// many pixels for its five-level decomposition and subband variance windows (``WSQPadding``).
    static let minimumCodedSide = 81
    /// The frame header stores sizes as 16-bit values.
    static let maximumSide = 65_535
    /// Decoding refuses frames with more pixels than this (about 170 MB of working memory).
    static let maximumDecodedPixels = 25_000_000
    /// Bit rates are accepted in `(0, maximumBitRate]` bits per pixel.
    static let maximumBitRate = 8.0
    /// Resolution assumed when the file records none.
    static let defaultPPI = 500

    /// The comment pbtool adds when it pads a small image, followed by the real width and height.
    static let paddedSizeCommentKey = "PBTOOL_IMAGE_SIZE"
}
