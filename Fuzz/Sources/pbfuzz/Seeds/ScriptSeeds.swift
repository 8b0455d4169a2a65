import Foundation

/// Starting inputs for the script targets: the conformance scripts in `apdu-scripts/` (read
/// from the checkout this file was compiled in) and the legacy files of
/// Tests/APDUScriptTests/ImporterTests.swift.
enum ScriptSeeds {
    static var scripts: [FuzzSeed] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../apdu-scripts").standardizedFileURL
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".apdu") }.sorted()
        return files.compactMap { name in
            (try? Data(contentsOf: root.appendingPathComponent(name))).map {
                FuzzSeed(name.replacingOccurrences(of: "/", with: "-"), [UInt8]($0))
            }
        } + [FuzzSeed("inline", Array(inline.utf8))]
    }

    /// Variables, captures, masks, loops of resets and sleeps, an include of itself (a cycle).
    static let inline = """
        reset cold
        set AID = F0 70 62 74 6F 6F 6C 01
        test "select" {
          00 A4 04 00 08 ${AID} 00 =9000 tlv 6F/84 == ${AID}
          80 30 00 00 04 =9000 len 4
          80 10 00 00 02 AA BB 00 =9000 data AA BB
        }
        sleep 5 ms
        test "wrong class" { 00 30 00 00 04 =6E00 }
        include "fuzz.apdu"
        """

    static var legacy: [FuzzSeed] {
        [
            FuzzSeed("scriptor", Array("""
                # select the demo applet
                reset
                00A4040008F07062746F6F6C0100
                80 32 00 00 \\
                  04
                exit
                """.utf8)),
            FuzzSeed("apdutool", Array("""
                // Wallet sample, shortened
                powerup;
                0x00 0xA4 0x04 0x00 0x08 0xF0 0x70 0x62 0x74 0x6F 0x6F 0x6C 0x01 0x7F;
                /* read the
                   counter */
                0x80 0x32 0x00 0x00 0x00 0x04;
                0x80 0x10 0x00 0x00 2 170 187 0x00;
                delay 250;
                echo "done";
                powerdown;
                """.utf8)),
        ]
    }
}
