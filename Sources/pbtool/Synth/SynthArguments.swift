import ArgumentParser
import FingerprintSynthesis

/// Parsing of `pbtool synth`'s options.
enum SynthArguments {
    struct Size {
        let width: Int
        let height: Int
    }

    enum ClassChoice {
        case mixed
        case fixed(FingerprintClass)

        var fixedClass: FingerprintClass? {
            if case .fixed(let fingerClass) = self { return fingerClass }
            return nil
        }
    }

    /// `400x400` (also `400X400`, `400×400`), each side 64–2048.
    static func size(_ text: String) throws -> Size {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (64...2048).contains(width), (64...2048).contains(height) else {
            throw ValidationError("--size must be WIDTHxHEIGHT with each side 64–2048, not '\(text)'")
        }
        return Size(width: width, height: height)
    }

    static func fingerClass(_ text: String) throws -> ClassChoice {
        if text == "mixed" { return .mixed }
        guard let fingerClass = FingerprintClass(rawValue: text) else {
            let names = FingerprintClass.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown class '\(text)'; use \(names) or mixed")
        }
        return .fixed(fingerClass)
    }
}
