import Foundation
import Testing
@testable import TemplateStore

@Suite struct KeyMaterialTests {
    private let key: [UInt8] = (0..<32).map { UInt8($0 * 5 + 1) }

    @Test func acceptsRawHexAndBase64() throws {
        let hexText = key.map { String(format: "%02x", $0) }.joined()
        #expect(try KeyMaterial.parse(SecretBytes(copying: key), origin: "t").copyBytes() == key)
        #expect(try KeyMaterial.parse(SecretBytes(copying: Array((hexText + "\n").utf8)), origin: "t").copyBytes() == key)
        #expect(try KeyMaterial.parse(SecretBytes(copying: Array(hexText.uppercased().utf8)), origin: "t").copyBytes() == key)
        let base64 = Data(key).base64EncodedString()
        #expect(try KeyMaterial.parse(SecretBytes(copying: Array(("  " + base64 + "\r\n").utf8)), origin: "t").copyBytes() == key)
    }

    @Test(arguments: ["", "abc", String(repeating: "a", count: 63), String(repeating: "g", count: 64),
                      Data([UInt8](repeating: 1, count: 31)).base64EncodedString(), String(repeating: "x", count: 33)])
    func refusesMalformedKeys(text: String) {
        #expect(throws: UnlockError.self) { try KeyMaterial.parse(SecretBytes(copying: Array(text.utf8)), origin: "t") }
    }

    @Test func hexTextRoundTrips() throws {
        let secret = SecretBytes(copying: key)
        #expect(try KeyMaterial.parse(KeyMaterial.hexText(secret), origin: "t").copyBytes() == key)
    }
}
