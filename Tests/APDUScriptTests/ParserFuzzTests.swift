import FingerprintSynthesis
import Testing
import TestSupport
@testable import APDUScript

/// Random mutations of valid scripts: the parser and importers must answer every one with a
/// result or a located error, never a crash or a hang.
@Suite(.timeLimit(.minutes(15))) struct ParserFuzzTests {
    static let seedScript = """
        # fuzz seed
        reader "Virtual PCD 00 00"
        reset cold
        atr 3B 8C 80 01 .. * mask FF FF
        let $pin = 31 32 33 34 ${FUZZ_ENV}
        option getresponse off
        channel 1
        test "select" {
          00 A4 04 00 08 F0 70 62 74 6F 6F 6C 01 00 =9000|61xx !6A82 tlv 6F/84 == F0 70 * -> $aid = tlv 6F/84
          expect data 6F .. 84 ?? 8x ?0 * len 4..300 tlv 6F/A5[0]/50 present tlv 6F/85 absent
        }
        test "loop" {
          repeat 3 times { 80 30 00 00 04 =9000 -> $c[0:2] }
          80 10 00 00 04 $c $pin[1] 01 \\
            data $c *
          sleep 250ms
        }
        include "other.apdu"
        """

    static let files = ["other.apdu": "test \"other\" { 00 B0 00 00 10 tlv 6F/84 len 8 }"]

    static let alphabet = Array("{}\"$=!#\\/*.x?|[]:-> \n\t0123456789ABCDEFabcdefxX;é€\u{0}\r") + ["test", "repeat", "data", "tlv", "len", "->", "${", "==", "0x", "\\\n", "include", "99999"]
        .flatMap { Array($0) }

    static func mutate(_ text: String, using generator: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0...Int.random(in: 0...3, using: &generator) {
            guard !characters.isEmpty else { break }
            let index = Int.random(in: 0..<characters.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: characters.remove(at: index)
            case 1: characters.insert(alphabet.randomElement(using: &generator)!, at: index)
            case 2:
                let end = min(characters.count, index + Int.random(in: 1...40, using: &generator))
                characters.insert(contentsOf: characters[index..<end], at: Int.random(in: 0...characters.count, using: &generator))
            case 3: characters.removeSubrange(index..<min(characters.count, index + Int.random(in: 1...20, using: &generator)))
            case 4: characters = Array(characters[..<index])
            default: characters[index] = alphabet.randomElement(using: &generator)!
            }
        }
        return String(characters)
    }

    @Test func mutatedScriptsParseOrFailWithAPlace() throws {
        var generator = SplitMix64(seed: 0x5EED)
        var parsed = 0, rejected = 0
        for iteration in 0..<1_500 {
            let text = Self.mutate(Self.seedScript, using: &generator)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let script = try ScriptFixtures.parse(text, files: Self.files)
                _ = ScriptListing(script).lines
                _ = EnvironmentCheck.problems(in: [script], environment: [:])
                parsed += 1
            } catch let error as ScriptSyntaxError {
                rejected += 1
                if error.location.file == "t.apdu" {
                    #expect((1...max(1, lineCount)).contains(error.location.line), "iteration \(iteration)")
                }
                #expect(error.location.column >= 1, "iteration \(iteration)")
                #expect(!error.description.isEmpty)
            } catch {
                Issue.record("iteration \(iteration): unexpected \(type(of: error)) \(error)")
            }
        }
        #expect(parsed > 0 && rejected > 0)
    }

    @Test func mutatedScriptsThatParseAlsoRun() throws {
        var generator = SplitMix64(seed: 0xC0FFEE)
        var ran = 0
        for _ in 0..<300 {
            let text = Self.mutate(Self.seedScript, using: &generator)
            guard let script = try? ScriptFixtures.parse(text, files: Self.files) else { continue }
            let runner = ScriptRunner(connector: FixedConnector(try ScriptFixtures.demoCard()), environment: ["FUZZ_ENV": "0102"],
                                      clock: SteppingClock())
            let result = runner.run([script])
            _ = JUnitReport.xml(for: result)
            ran += 1
        }
        #expect(ran > 0)
    }

    @Test func randomBytesNeverCrashTheParserOrImporters() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<1_000 {
            let length = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = String(decoding: bytes, as: UTF8.self)
            _ = try? ScriptFixtures.parse(text)
            _ = try? ScriptorImporter.convert(text, file: "x")
            _ = try? APDUToolImporter.convert(text, file: "x", expectedOutput: text)
        }
    }

    @Test func mutatedLegacyFilesNeverCrashTheImporters() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<1_000 {
            _ = try? ScriptorImporter.convert(Self.mutate("reset\n00A40400\n80 32 00 00 \\\n 04\nexit", using: &generator), file: "x")
            _ = try? APDUToolImporter.convert(Self.mutate(ImporterTests.wallet, using: &generator), file: "x",
                                              expectedOutput: Self.mutate(ImporterTests.walletOutput, using: &generator))
        }
    }
}
