// Biometry: enrollment, verification, practice and finger-management controllers.
