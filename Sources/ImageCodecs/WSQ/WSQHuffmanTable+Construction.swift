extension WSQHuffmanTable {
    /// The optimal table for the symbol frequencies `frequencies` (256 entries), built as JPEG does
    /// (ITU-T T.81 Annex K.2) and with NBIS's tie-breaking, so codes match the reference encoder's.
    ///
    /// A reserved extra symbol of frequency 1 takes the all-ones code, which is then dropped, so no
    /// real code consists of ones only (padding at the end of a block is all ones).
    init(id: Int, frequencies: [Int]) {
        let reserved = 256
        let codeSizes = Self.codeSizes(frequencies + [1])
        guard codeSizes[reserved] > 0 else {
            self.init(id: id, codeLengthCounts: Array(repeating: 0, count: 16), symbols: [])
            return
        }
        var counts = [Int](repeating: 0, count: 33)
        for size in codeSizes where size > 0 { counts[size] += 1 }
        Self.limitCodeLengths(&counts)
        var symbols: [UInt8] = []
        for length in 1...32 {
            for symbol in 0..<reserved where codeSizes[symbol] == length { symbols.append(UInt8(symbol)) }
        }
        let lengthCounts = Array(counts[1...WSQParameters.maximumHuffmanCodeLength])
        self.init(id: id, codeLengthCounts: lengthCounts, symbols: Array(symbols.prefix(lengthCounts.reduce(0, +))))
    }

    /// Code length of each symbol by repeatedly merging the two least frequent (Figure K.1).
    private static func codeSizes(_ frequencies: [Int]) -> [Int] {
        var frequency = frequencies
        var sizes = [Int](repeating: 0, count: frequency.count)
        var next = [Int](repeating: -1, count: frequency.count)
        while let (least, second) = twoLeastFrequent(frequency) {
            frequency[least] += frequency[second]
            frequency[second] = 0
            var node = least
            sizes[node] += 1
            while next[node] != -1 {
                node = next[node]
                sizes[node] += 1
            }
            next[node] = second
            node = second
            sizes[node] += 1
            while next[node] != -1 {
                node = next[node]
                sizes[node] += 1
            }
        }
        return sizes
    }

    /// The least and second least frequent symbols with a nonzero frequency; ties go to the larger
    /// symbol (NBIS `find_least_freq`). Nil when fewer than two remain.
    private static func twoLeastFrequent(_ frequency: [Int]) -> (Int, Int)? {
        var least = -1, second = -1
        for symbol in frequency.indices where frequency[symbol] > 0 {
            if least < 0 || frequency[symbol] <= frequency[least] {
                second = least
                least = symbol
            } else if second < 0 || frequency[symbol] <= frequency[second] {
                second = symbol
            }
        }
        return second < 0 ? nil : (least, second)
    }

    /// Shortens codes longer than 16 bits and removes the reserved symbol's code (Figure K.3).
    /// `counts[n]` is the number of codes of length `n`.
    private static func limitCodeLengths(_ counts: inout [Int]) {
        var length = 32
        while length > WSQParameters.maximumHuffmanCodeLength {
            if counts[length] > 0 {
                var shorter = length - 2
                while counts[shorter] == 0 { shorter -= 1 }
                counts[length] -= 2
                counts[length - 1] += 1
                counts[shorter + 1] += 2
                counts[shorter] -= 1
            } else {
                length -= 1
            }
        }
        while counts[length] == 0 { length -= 1 }
        counts[length] -= 1
    }
}
