typedef int pdn_placeholder_; /* being written */
