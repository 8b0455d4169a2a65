import COpenSSL
import Foundation
import Testing
@testable import TemplateStore

private func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

@Suite struct CryptoTests {
    @Test func scryptMatchesRFC7914() throws {
        let parameters = ScryptParameters(logN: 10, r: 8, p: 16)
        let key = try parameters.deriveKey(from: SecretBytes(copying: Array("password".utf8)), salt: Array("NaCl".utf8), length: 64)
        #expect(key.copyBytes() == hex("fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"))
    }

    @Test func scryptParametersAreCapped() {
        #expect(ScryptParameters.interactive.isAccepted)
        #expect(ScryptParameters.testing.isAccepted)
        #expect(!ScryptParameters(logN: 21, r: 8, p: 1).isAccepted)
        #expect(!ScryptParameters(logN: 20, r: 16, p: 1).isAccepted)
        #expect(!ScryptParameters(logN: 14, r: 8, p: 9).isAccepted)
        #expect(!ScryptParameters(logN: 3, r: 8, p: 1).isAccepted)
    }

    @Test func hkdfMatchesRFC5869() throws {
        let key = try KeyDerivation.hkdf(SecretBytes(copying: [UInt8](repeating: 0x0B, count: 22)),
                                         salt: hex("000102030405060708090a0b0c"), info: hex("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(key.copyBytes() == hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    @Test func hmacMatchesRFC4231() throws {
        let mac = try KeyDerivation.hmacSHA256(key: SecretBytes(copying: [UInt8](repeating: 0x0B, count: 20)), message: Array("Hi There".utf8))
        #expect(mac == hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
    }

    @Test func keyWrapOfTwentyBytesMatchesRFC5649() throws {
        let kek = SecretBytes(copying: hex("5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8"))
        let key = hex("c37b7e6492584340bed12207808941155068f738")
        let wrapped = try AESKeyWrap.wrap(SecretBytes(copying: key), with: kek)
        #expect(wrapped == hex("138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a"))
        #expect(try AESKeyWrap.unwrap(wrapped, with: kek)?.copyBytes() == key)
    }

    @Test func keyWrapOfSevenBytesMatchesRFC5649() throws {
        let kek = SecretBytes(copying: hex("5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8"))
        let wrapped = try AESKeyWrap.wrap(SecretBytes(copying: hex("466f7250617369")), with: kek)
        #expect(wrapped == hex("afbeb0f07dfbf5419200f2ccb50bb24f"))
    }

    @Test func unwrapUnderWrongKeyFailsCleanly() throws {
        let key = try SecretBytes.random(count: 32)
        let wrapped = try AESKeyWrap.wrap(key, with: try .random(count: 32))
        #expect(wrapped.count == 40)
        #expect(try AESKeyWrap.unwrap(wrapped, with: try .random(count: 32)) == nil)
        #expect(try AESKeyWrap.unwrap(Array(wrapped.prefix(12)), with: try .random(count: 32)) == nil)
    }

    @Test func gcmRoundTripsAndRejectsEveryChange() throws {
        let key = try SecretBytes.random(count: 32)
        let plaintext = Array("minutiae".utf8)
        let sealed = try plaintext.withUnsafeBytes { try AESGCM.seal($0, key: key, additionalData: [1, 2, 3]) }
        #expect(sealed.count == plaintext.count + AESGCM.overhead)
        #expect(try AESGCM.open(sealed, key: key, additionalData: [1, 2, 3])?.copyBytes() == plaintext)
        #expect(try AESGCM.open(sealed, key: key, additionalData: [1, 2, 4]) == nil)
        #expect(try AESGCM.open(sealed, key: try .random(count: 32), additionalData: [1, 2, 3]) == nil)
        for position in [0, 5, 13, sealed.count - 1] {
            var flipped = sealed
            flipped[position] ^= 0x01
            #expect(try AESGCM.open(flipped, key: key, additionalData: [1, 2, 3]) == nil)
        }
        #expect(try AESGCM.open(Array(sealed.prefix(10)), key: key, additionalData: []) == nil)
    }

    @Test func gcmHandlesEmptyPlaintextAndData() throws {
        let key = try SecretBytes.random(count: 32)
        let sealed = try [UInt8]().withUnsafeBytes { try AESGCM.seal($0, key: key, additionalData: []) }
        #expect(try AESGCM.open(sealed, key: key, additionalData: [])?.count == 0)
    }

    @Test func secretBytesShrinkAndCompare() throws {
        let secret = SecretBytes(copying: [1, 2, 3, 4])
        secret.shrink(to: 2)
        #expect(secret.copyBytes() == [1, 2])
        #expect(secret.isEqual(to: SecretBytes(copying: [1, 2])))
        #expect(!secret.isEqual(to: SecretBytes(copying: [1, 3])))
        #expect(try SecretBytes.random(count: 32).copyBytes() != [UInt8](repeating: 0, count: 32))
    }

    @Test func openSSLErrorsCarryTheQueue() throws {
        let parameters = OpenSSLParameters()
        #expect(throws: OpenSSLError.self) { try KeyDerivation.derive(algorithm: "NO-SUCH-KDF", parameters: parameters, length: 32) }
        do {
            _ = try KeyDerivation.derive(algorithm: "NO-SUCH-KDF", parameters: parameters, length: 32)
        } catch let error as OpenSSLError {
            #expect(error.function.contains("NO-SUCH-KDF"))
            #expect(!error.queue.isEmpty)
            #expect(ERR_peek_error() == 0)
        }
    }
}

@Suite struct RandomUUIDTests {
    @Test func randomUUIDsAreVersion4() throws {
        let ids = try (0..<100).map { _ in try UUID.random() }
        #expect(Set(ids).count == 100)
        for id in ids {
            #expect(id.uuidString.dropFirst(14).first == "4")
            #expect("89AB".contains(id.uuidString.dropFirst(19).first!))
        }
    }
}
